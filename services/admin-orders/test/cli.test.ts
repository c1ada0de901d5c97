import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { untilNextWholeSecond } from '@pickles/test-kit';
import { verifyPassword } from '../src/domain/password.js';
import { call, insertOrder, randomIp, harnessPerFile, type Harness } from './helpers.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');

function runCli(script: string, args: string[], stdin: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(tsx, [path.join(root, script), ...args], { cwd: root, env: process.env }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
    child.stdin!.end(stdin);
  });
}

let h: Harness;
harnessPerFile((started) => (h = started));

describe('CLIs', () => {
  it('hash-password prints a scrypt hash of the password read from stdin', async () => {
    const { code, stdout } = await runCli('services/admin-orders/src/cli/hash-password.ts', [], 'pickles-admin');
    expect(code).toBe(0);
    const hash = stdout.trim();
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword('pickles-admin', hash)).toBe(true);
  });

  it("admin:remove removes an admin (the demo's, left in a live shop's database) and ends its sessions", async () => {
    const username = `cli-${randomBytes(3).toString('hex')}`;
    expect((await runCli('services/admin-orders/src/cli/create-admin.ts', ['--username', username], 'pickles-admin\n')).code).toBe(0);
    const login = await call(h.app, 'POST', '/api/admin/login', { body: { username, password: 'pickles-admin' }, headers: { 'x-forwarded-for': randomIp() } });
    expect(login.status).toBe(200);
    const removed = await runCli('services/admin-orders/src/cli/remove-admin.ts', ['--username', username], '');
    expect(removed).toMatchObject({ code: 0, stdout: `Admin ${username} removed\n` });
    expect((await call(h.app, 'GET', '/api/admin/orders', { token: login.body.token })).status).toBe(401);
    expect((await call(h.app, 'POST', '/api/admin/login', { body: { username, password: 'pickles-admin' }, headers: { 'x-forwarded-for': randomIp() } })).status).toBe(401);
    expect((await runCli('services/admin-orders/src/cli/remove-admin.ts', ['--username', username], '')).code).toBe(1);
  });

  it("tracking:revoke raises an order's link version, so the links sent so far stop opening it", async () => {
    const order = await insertOrder(h.db, { orderNumber: `RP261123-${randomBytes(3).toString('hex').toUpperCase()}` });
    const revoked = await runCli('services/admin-orders/src/cli/revoke-tracking-links.ts', ['--order', order.orderNumber.toLowerCase()], '');
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toContain(`The tracking links of ${order.orderNumber} sent so far no longer open it`);
    expect((await h.db.selectFrom('orders').select('tracking_link_version').where('id', '=', order.id).executeTakeFirstOrThrow()).tracking_link_version).toBe(1);
    expect((await runCli('services/admin-orders/src/cli/revoke-tracking-links.ts', ['--order', 'RP000000-NONE'], '')).code).toBe(1);
  });

  it('admin:create creates an admin, then resets its password; only the new one logs in', async () => {
    const username = `cli-${randomBytes(3).toString('hex')}`;
    const created = await runCli('services/admin-orders/src/cli/create-admin.ts', ['--username', username], 'first-password\n');
    expect(created.stdout).toContain(`Admin ${username} created`);
    const reset = await runCli('services/admin-orders/src/cli/create-admin.ts', ['--username', username], 'second-password\n');
    expect(reset.stdout).toContain(`Admin ${username} updated`);
    const row = await h.db.selectFrom('admin_users').select('password_hash').where('username', '=', username).executeTakeFirstOrThrow();
    expect(row.password_hash).not.toContain('second-password');
    expect((await call(h.app, 'POST', '/api/admin/login', { body: { username, password: 'first-password' }, headers: { 'x-forwarded-for': randomIp() } })).status).toBe(401);
    expect((await call(h.app, 'POST', '/api/admin/login', { body: { username, password: 'second-password' }, headers: { 'x-forwarded-for': randomIp() } })).status).toBe(200);
  });

  it('a password reset with admin:create ends every token issued before it', async () => {
    const username = `cli-${randomBytes(3).toString('hex')}`;
    await runCli('services/admin-orders/src/cli/create-admin.ts', ['--username', username], 'first-password\n');
    const login = await call(h.app, 'POST', '/api/admin/login', { body: { username, password: 'first-password' }, headers: { 'x-forwarded-for': randomIp() } });
    const before = login.body.token as string;
    expect((await call(h.app, 'GET', '/api/admin/orders', { token: before })).status).toBe(200);
    // Tokens carry their issue time in whole seconds: the change must come in a later second.
    await untilNextWholeSecond();
    await runCli('services/admin-orders/src/cli/create-admin.ts', ['--username', username], 'second-password\n');
    const refused = await call(h.app, 'GET', '/api/admin/orders', { token: before });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ success: false, error: 'Session ended, please log in again' });
    const after = await call(h.app, 'POST', '/api/admin/login', { body: { username, password: 'second-password' }, headers: { 'x-forwarded-for': randomIp() } });
    expect((await call(h.app, 'GET', '/api/admin/orders', { token: after.body.token })).status).toBe(200);
  });

  it('shopper:erase erases a shopper\'s data on request and says what it kept', async () => {
    const email = `erase-${randomBytes(3).toString('hex')}@example.in`;
    const paid = await insertOrder(h.db, { email, status: 'completed', paymentStatus: 'paid' });
    const { code, stdout } = await runCli('services/admin-orders/src/cli/erase-shopper.ts', ['--email', email], '');
    expect(code).toBe(0);
    expect(stdout).toContain('e-mail and phone of 1 paid order(s) (name, address and amounts kept for the tax invoice)');
    expect(stdout).toContain('0 complaint(s) (ticket numbers and dates kept)');
    const row = await h.db.selectFrom('orders').select(['customer_email', 'customer_name']).where('id', '=', paid.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ customer_email: 'erased@erased.invalid', customer_name: 'Asha Verma' });
    expect((await runCli('services/admin-orders/src/cli/erase-shopper.ts', [], '')).code).toBe(1);
  });

  it('admin:create refuses a missing username or a short password', async () => {
    expect((await runCli('services/admin-orders/src/cli/create-admin.ts', [], 'long-enough-password\n')).code).not.toBe(0);
    expect((await runCli('services/admin-orders/src/cli/create-admin.ts', ['--username', 'x'], 'short\n')).code).not.toBe(0);
  });
});
