/**
 * Which tables each server process writes, read from its code: its own files, and the package
 * functions it imports (@pickles/db, @pickles/invoices, ...), each counted by the file that defines
 * it. A write is a kysely insertInto/updateTable/deleteFrom, the shop's insertRow or outboxEvent,
 * or an `insert into` / `update` / `delete from` in SQL text, naming a table of the Database schema.
 * Command-line tools (src/cli) are the operator's, not the running service's, and are left out.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'cli' || name === 'migrations' ? [] : sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\./.test(name) ? [file] : [];
  });

export function schemaTables(root: string): Set<string> {
  const schema = readFileSync(path.join(root, 'packages/db/src/schema.ts'), 'utf8');
  const database = schema.slice(schema.indexOf('export interface Database')).split('}')[0] ?? '';
  return new Set([...database.matchAll(/^\s+([a-z_]+):/gm)].map((m) => m[1]!));
}

const WRITES = [/(?:insertInto|updateTable|deleteFrom|insertRow)\(\s*'([a-z_]+)'/g, /\b(?:insert\s+into|update|delete\s+from)\s+([a-z_]+)\b/gi];

/** Table -> the first file found writing it, for a process whose sources are in `dir`. */
export function tablesWrittenBy(root: string, dir: string): Map<string, string> {
  const tables = schemaTables(root);
  const packageFiles = new Map(readdirSync(path.join(root, 'packages')).map((pkg) => [pkg, sourceFiles(path.join(root, 'packages', pkg, 'src'))]));
  const read = (file: string) => readFileSync(file, 'utf8');
  const definingFile = (pkg: string, name: string) => {
    const definition = new RegExp(`export\\s+(?:async\\s+)?(?:function\\*?|const|class|let)\\s+${name}\\b`);
    return packageFiles.get(pkg)?.find((file) => definition.test(read(file)));
  };
  const written = new Map<string, string>();
  const visited = new Set<string>();
  const visit = (file: string) => {
    if (visited.has(file)) return;
    visited.add(file);
    const text = read(file);
    const found = WRITES.flatMap((pattern) => [...text.matchAll(pattern)].map((m) => m[1]!)).filter((table) => tables.has(table));
    if (/\boutboxEvent\(/.test(text)) found.push('outbox_events');
    for (const table of found) if (!written.has(table)) written.set(table, path.relative(root, file));
    for (const m of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@pickles\/([a-z-]+)(?:\/[a-z-]+)?'/g)) {
      for (const spec of m[1]!.split(',').map((s) => s.trim())) {
        if (!spec || spec.startsWith('type ')) continue;
        const definedIn = definingFile(m[2]!, spec.split(/\s+as\s+/)[0]!);
        if (definedIn) visit(definedIn);
      }
    }
  };
  for (const file of sourceFiles(path.join(root, dir))) visit(file);
  return written;
}
