/**
 * Which tables each server process writes, read from its code: its own files, and the package
 * functions it imports (@pickles/db, @pickles/invoices, ...), each counted by the body of its
 * definition and of the same file's functions that body calls (a package file may hold both a
 * reader one service uses and a writer another uses). A write is a kysely insertInto/updateTable/deleteFrom, the shop's insertRow or outboxEvent,
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
  /** The text of `name`'s definition in `text`: from it to the next top-level definition. */
  const definitionOf = (text: string, name: string, exported: boolean) => {
    const start = new RegExp(`^${exported ? 'export\\s+' : ''}(?:async\\s+)?(?:function\\*?|const|class|let)\\s+${name}\\b`, 'm').exec(text);
    if (!start) return undefined;
    const rest = text.slice(start.index + start[0].length);
    const next = /^(?:export\s+)?(?:async\s+)?(?:function|const|class|let|interface|type)\s/m.exec(rest);
    return start[0] + (next ? rest.slice(0, next.index) : rest);
  };
  /** An imported package function: its definition and the same file's functions it calls, from the file that exports it. */
  const importedCode = (pkg: string, name: string) => {
    for (const file of packageFiles.get(pkg) ?? []) {
      const text = read(file);
      const body = definitionOf(text, name, true);
      if (body === undefined) continue;
      // The same file's functions it calls, and theirs in turn.
      const bodies = new Map([[name, body]]);
      for (const code of bodies.values()) {
        for (const [, called] of code.matchAll(/\b([A-Za-z_]\w*)\s*\(/g)) {
          if (bodies.has(called!)) continue;
          const helper = definitionOf(text, called!, false) ?? definitionOf(text, called!, true);
          if (helper !== undefined) bodies.set(called!, helper);
        }
      }
      return { file, code: [...bodies.values()].join('\n'), imports: text };
    }
    return undefined;
  };
  const written = new Map<string, string>();
  const visited = new Set<string>();
  const writesIn = (text: string) => {
    const found = WRITES.flatMap((pattern) => [...text.matchAll(pattern)].map((m) => m[1]!)).filter((table) => tables.has(table));
    if (/\boutboxEvent\(/.test(text)) found.push('outbox_events');
    return found;
  };
  const visitImport = (pkg: string, name: string) => {
    const key = `${pkg}:${name}`;
    if (visited.has(key)) return;
    visited.add(key);
    const imported = importedCode(pkg, name);
    if (!imported) return;
    for (const table of writesIn(imported.code)) if (!written.has(table)) written.set(table, path.relative(root, imported.file));
    // What the function itself calls from other packages, or from its own package's other files.
    for (const m of imported.imports.matchAll(/import\s*\{([^}]*)\}\s*from\s*'(?:@pickles\/([a-z-]+)(?:\/[a-z-]+)?|\.\/[a-z-]+\.js)'/g)) {
      for (const spec of m[1]!.split(',').map((x) => x.trim())) {
        if (!spec || spec.startsWith('type ')) continue;
        const local = spec.split(/\s+as\s+/).pop()!;
        if (new RegExp(`\\b${local}\\s*\\(`).test(imported.code)) visitImport(m[2] ?? pkg, spec.split(/\s+as\s+/)[0]!);
      }
    }
  };
  const visit = (file: string) => {
    if (visited.has(file)) return;
    visited.add(file);
    const text = read(file);
    for (const table of writesIn(text)) if (!written.has(table)) written.set(table, path.relative(root, file));
    for (const m of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@pickles\/([a-z-]+)(?:\/[a-z-]+)?'/g)) {
      for (const spec of m[1]!.split(',').map((x) => x.trim())) {
        if (spec && !spec.startsWith('type ')) visitImport(m[2]!, spec.split(/\s+as\s+/)[0]!);
      }
    }
  };
  for (const file of sourceFiles(path.join(root, dir))) visit(file);
  return written;
}
