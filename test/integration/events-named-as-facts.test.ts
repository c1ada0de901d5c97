import { randomUUID } from 'node:crypto';
import { afterAll, expect, it } from 'vitest';
import { newEventEnvelope } from '@pickles/shared';
import { testDb } from '@pickles/test-kit';
import { up } from '../../packages/db/src/migrations/027-events-named-as-facts.js';

const db = testDb();
afterAll(() => db.destroy());

it('renames an outbox row written under a former event name, in the row and in the envelope it carries', async () => {
  const formerly = newEventEnvelope('complaint.update', 1, { complaintId: randomUUID(), kind: 'received' });
  const untouched = newEventEnvelope('batch.opened', 1, { openingId: randomUUID(), productId: 1, batchJars: 12 });
  for (const envelope of [formerly, untouched]) {
    await db.insertInto('outbox_events').values({ id: envelope.id, type: envelope.type, version: 1, payload: JSON.stringify(envelope) }).execute();
  }

  await up(db as unknown as Parameters<typeof up>[0]);

  const rows = await db.selectFrom('outbox_events').select(['id', 'type', 'payload']).where('id', 'in', [formerly.id, untouched.id]).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  expect(byId.get(formerly.id)).toMatchObject({ type: 'complaint.updated', payload: { ...formerly, type: 'complaint.updated' } });
  expect(byId.get(untouched.id)).toMatchObject({ type: 'batch.opened', payload: untouched });
});
