import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { listFiles, packageManifest, repoRoot, workspaces } from './support.js';

// Each workspace's package.json declares what its code imports: what src/ imports (the code that
// runs) in dependencies, what only tests and tooling import in devDependencies. The images install
// the dependencies of a process's workspaces and nothing else (test/deploy/dockerfiles.test.ts), so an
// import missing from dependencies is a module not found in production.

/**
 * Workspaces that are test support as a whole (containers, factories, servers for tests): their src/
 * is only ever imported by tests, so they declare what it imports as devDependencies. Declaring those
 * as dependencies would let `npm ci --omit=dev` put testcontainers into the image of every workspace
 * that has the test kit as a devDependency: npm follows links between workspaces and only leaves out
 * packages that nothing but devDependencies reach.
 */
const TEST_SUPPORT = new Set(['packages/test-kit']);

const CODE = /\.([cm]?[jt]s|[jt]sx)$/;
/** Test code: *.test.* files, and whatever sits in a test, tests, testing, __tests__ or __mocks__ folder (harnesses, stubs). */
const TEST_CODE = /\.test\.([cm]?[jt]s|[jt]sx)$|\/(test|tests|testing|__tests__|__mocks__)\//;
const BUILD_OUTPUT = /\/(dist|dist-ssr|coverage)\//;
const packageOf = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

/**
 * The packages a file imports, as the compiler finds them: import and export … from, import(),
 * require(). Relative and #subpath specifiers and node: builtins aside. A triple-slash
 * `/// <reference types>` directive is not an import (web's vite-env.d.ts names vite's client types).
 */
function importedPackages(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles.map((f) => f.fileName).filter((s) => !/^[./#]/.test(s) && !s.startsWith('node:')).map(packageOf);
}

const byName = workspaces();

describe.each([...byName.values()].sort())('%s/package.json', (folder) => {
  const manifest = packageManifest(folder);
  const dependencies = new Set(Object.keys(manifest.dependencies ?? {}));
  const declared = new Set([...dependencies, ...Object.keys(manifest.devDependencies ?? {})]);
  const files = listFiles(join(repoRoot, folder), (file) => CODE.test(file) && !BUILD_OUTPUT.test(file));
  const runs = (file: string) => !TEST_SUPPORT.has(folder) && relative(join(repoRoot, folder), file).startsWith('src/') && !TEST_CODE.test(file);
  const undeclared = (selected: string[], allowed: Set<string>) =>
    selected.flatMap((file) => importedPackages(file).filter((name) => name !== manifest.name && !allowed.has(name)).map((name) => `${relative(repoRoot, file)}: ${name}`));

  it('declares in dependencies every package its src/ code imports', () => {
    expect(undeclared(files.filter(runs), dependencies)).toEqual([]);
  });

  it('declares in dependencies or devDependencies every package its tests and tooling import', () => {
    expect(undeclared(files.filter((file) => !runs(file)), declared)).toEqual([]);
  });
});

describe('test support workspaces', () => {
  it('declare no dependencies and are only ever devDependencies of other workspaces', () => {
    for (const folder of TEST_SUPPORT) {
      expect([...byName.values()], folder).toContain(folder);
      const { name, dependencies } = packageManifest(folder);
      expect(Object.keys(dependencies ?? {}), folder).toEqual([]);
      const dependents = [...byName.values()].filter((other) => Object.keys(packageManifest(other).dependencies ?? {}).includes(name));
      expect(dependents, `workspaces with ${name} in dependencies`).toEqual([]);
    }
  });
});
