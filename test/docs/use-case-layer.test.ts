import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The README's rule for a service's handlers: a handler parses the request, calls one use case of
 * its service's `src/domain/` and answers; it never reaches the database itself. So a handler
 * imports nothing from a `db/` folder, no value from `@pickles/db` (its types only), nothing from
 * kysely, no `sql`, and calls no query builder or transaction. Each breach is named by file and line.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Handlers that still break the rule, each with the reason it is allowed for now. An entry whose file
 * no longer breaks it fails the test, so the list only shrinks.
 */
/** Handlers allowed to break the rule, each with its reason (none today: keep it that way). */
const EXEMPT: Record<string, string> = {};

const RULES: { what: string; test: (line: string) => boolean }[] = [
  { what: 'imports from a db/ folder', test: (line) => /\bfrom\s+['"][^'"]*\/db\/[^'"]*['"]/.test(line) || /\bimport\s*\(\s*['"][^'"]*\/db\//.test(line) },
  { what: 'imports a value from @pickles/db', test: (line) => /^import\s+(?!type\b)[^;]*\bfrom\s+['"]@pickles\/db['"]/.test(line) && !onlyTypes(line) },
  { what: 'imports kysely', test: (line) => /\bfrom\s+['"]kysely['"]/.test(line) },
  { what: 'imports sql', test: (line) => /^import\s+(?!type\b)\{[^}]*\bsql\b[^}]*\}/.test(line) && !/\btype\s+sql\b/.test(line) },
  { what: 'calls a query builder or opens a transaction', test: (line) => /\.(transaction|selectFrom|insertInto|updateTable|deleteFrom)\(/.test(line) },
];

/** `import { type A, type B } from ...`: nothing but types. */
function onlyTypes(line: string): boolean {
  const names = /^import\s*\{([^}]*)\}\s*from\b/.exec(line)?.[1];
  return names !== undefined && names.split(',').map((name) => name.trim()).filter(Boolean).every((name) => name.startsWith('type '));
}

function handlerFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(relative);
      else if (entry.name.endsWith('.ts')) files.push(relative);
    }
  };
  for (const service of readdirSync(path.join(root, 'services'), { withFileTypes: true })) {
    if (!service.isDirectory()) continue;
    const handlers = `services/${service.name}/src/handlers`;
    try {
      readdirSync(path.join(root, handlers));
    } catch {
      continue;
    }
    walk(handlers);
  }
  return files.sort();
}

/** Every breach of the rule in one file, as `file:line: what (the line)`. Multi-line imports are read as one line. */
function breaches(file: string): string[] {
  const found: string[] = [];
  const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
  for (let index = 0; index < lines.length; index++) {
    let line = lines[index]!.trim();
    const start = index;
    if (/^import\b/.test(line) && !/\bfrom\s+['"]|^import\s+['"]/.test(line)) {
      while (index + 1 < lines.length && !/\bfrom\s+['"]/.test(line)) line += ` ${lines[++index]!.trim()}`;
    }
    for (const rule of RULES) if (rule.test(line)) found.push(`${file}:${start + 1}: ${rule.what} (${line.slice(0, 120)})`);
  }
  return found;
}

describe('the use-case layer: handlers parse, call one use case and answer', () => {
  const files = handlerFiles();

  it('finds the handlers of every service that has some', () => {
    expect(files.some((file) => file.startsWith('services/checkout/'))).toBe(true);
    expect(files.some((file) => file.startsWith('services/admin-orders/'))).toBe(true);
    expect(files.some((file) => file.startsWith('services/payments/'))).toBe(true);
  });

  it('no handler reaches the database itself', () => {
    expect(files.filter((file) => !(file in EXEMPT)).flatMap(breaches)).toEqual([]);
  });

  it('every exemption is a handler that still needs it', () => {
    expect(Object.keys(EXEMPT).filter((file) => !files.includes(file) || breaches(file).length === 0)).toEqual([]);
  });

  it('catches each kind of breach', () => {
    const sample = (line: string) => RULES.filter((rule) => rule.test(line)).map((rule) => rule.what);
    expect(sample("import { placeOrder } from '../db/orders.js';")).toEqual(['imports from a db/ folder']);
    expect(sample("import type { StoredOrder } from '../db/orders.js';")).toEqual(['imports from a db/ folder']);
    expect(sample("import { readProducts, type Db } from '@pickles/db';")).toEqual(['imports a value from @pickles/db']);
    expect(sample("import type { Db } from '@pickles/db';")).toEqual([]);
    expect(sample("import { type Db } from '@pickles/db';")).toEqual([]);
    expect(sample("import { sql } from 'kysely';")).toEqual(['imports kysely', 'imports sql']);
    expect(sample('await db.transaction().execute(async (trx) => {')).toEqual(['calls a query builder or opens a transaction']);
    expect(sample("const row = await db.selectFrom('orders').select('id')")).toEqual(['calls a query builder or opens a transaction']);
    expect(sample('await trx.insertInto(\'refund_requests\')')).toEqual(['calls a query builder or opens a transaction']);
    expect(sample("import { parseOrThrow } from '@pickles/service-kit';")).toEqual([]);
  });
});
