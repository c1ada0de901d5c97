import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { schemaTables, tablesWrittenBy } from './tables-written.js';

/**
 * The README's "How it is built" claims, checked against the code: the table of which process
 * writes which table, and the diagram's words about writers. A new write in a service that the
 * README does not list fails here, and so does a README row the code no longer bears out.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');

const PROCESSES: Record<string, string> = {
  gateway: 'gateway/src',
  checkout: 'services/checkout/src',
  payments: 'services/payments/src',
  'admin-orders': 'services/admin-orders/src',
  notifications: 'services/notifications/src',
};

/** The "Tables written" cell of each process's row: table names, notes in brackets left out. */
function readmeTablesWritten(): Record<string, string[]> {
  const header = readme.split('\n').findIndex((line) => line.startsWith('| Service |') && line.includes('Tables written'));
  const columns = readme.split('\n')[header]!.split('|').map((c) => c.trim());
  const column = columns.indexOf('Tables written');
  const rows: Record<string, string[]> = {};
  for (const line of readme.split('\n').slice(header + 2)) {
    if (!line.startsWith('|')) break;
    const cells = line.split('|').map((c) => c.trim());
    const name = /^\[([a-z-]+)\]/.exec(cells[1] ?? '')?.[1];
    if (!name || !(name in PROCESSES)) continue;
    const cell = (cells[column] ?? '').replace(/\([^)]*\)/g, '');
    rows[name] = cell === 'none' ? [] : cell.split(',').map((t) => t.trim()).filter(Boolean).sort();
  }
  return rows;
}

describe("the README's table of tables written", () => {
  const claimed = readmeTablesWritten();

  it('has a row for every server process', () => {
    expect(Object.keys(claimed).sort()).toEqual(Object.keys(PROCESSES).sort());
  });

  for (const [name, dir] of Object.entries(PROCESSES)) {
    it(`${name}: lists exactly the tables its code writes`, () => {
      const written = tablesWrittenBy(root, dir);
      // On a mismatch the message shows which file writes an unlisted table.
      expect({ tables: claimed[name], writers: Object.fromEntries([...written].filter(([t]) => !claimed[name]?.includes(t))) }).toEqual({
        tables: [...written.keys()].sort(),
        writers: {},
      });
    });
  }

  it('every table of the schema has a writer, and the diagram says how many writers a table has as the code does', () => {
    const writers = new Map<string, string[]>();
    for (const [name, dir] of Object.entries(PROCESSES)) for (const table of tablesWrittenBy(root, dir).keys()) writers.set(table, [...(writers.get(table) ?? []), name]);
    expect([...schemaTables(root)].filter((table) => !writers.has(table))).toEqual([]);
    const shared = [...writers].filter(([, by]) => by.length > 1).map(([table]) => table);
    expect(readme.includes('one writer per table')).toBe(false);
    const listed = /^Tables written by more than one service: ([a-z_, ]+)\./m.exec(readme)?.[1]?.split(', ') ?? [];
    expect(listed.sort()).toEqual(shared.sort());
  });
});
