import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dockerfileOf, processes } from './processes.js';
import { parseDockerfile, repoRoot, workspaceClosure, workspaces, type DockerInstruction } from './support.js';

const byName = workspaces();

describe.each(processes.map((p) => [p.name, p] as const))('%s Dockerfile', (_name, process) => {
  const file = join(repoRoot, dockerfileOf(process));
  const instructions: DockerInstruction[] = existsSync(file) ? parseDockerfile(file) : [];
  const finalStage = Math.max(...instructions.map((i) => i.stage));
  const final = instructions.filter((i) => i.stage === finalStage);
  const last = (name: string) => final.filter((i) => i.instruction === name).at(-1)?.args;

  it('exists', () => {
    expect(existsSync(file), dockerfileOf(process)).toBe(true);
  });

  it('is a multi-stage build on Node 20 slim or alpine', () => {
    const froms = instructions.filter((i) => i.instruction === 'FROM');
    expect(froms.length).toBeGreaterThanOrEqual(2);
    const argDefault = instructions.find((i) => i.instruction === 'ARG' && i.args.startsWith('NODE_IMAGE='))?.args.split('=')[1];
    for (const from of froms) {
      const image = from.args.split(/\s+/)[0]!.replace('${NODE_IMAGE}', argDefault ?? '${NODE_IMAGE}');
      expect(image).toMatch(/^node:20(\.\d+)*-(bookworm-slim|alpine[\d.]*)(@sha256:[a-f0-9]{64})?$/);
    }
  });

  it('runs as a non-root user with NODE_ENV=production', () => {
    const user = last('USER');
    expect(user, 'USER in the final stage').toBeDefined();
    expect(user!.split(':')[0]).not.toMatch(/^(root|0)$/);
    expect(final.filter((i) => i.instruction === 'ENV').map((i) => i.args).join(' ')).toMatch(/\bNODE_ENV=production\b/);
  });

  it('starts the entry file with node and tsx, from the workspace folder', () => {
    expect(JSON.parse(last('CMD') ?? '[]')).toEqual(['node', '--import', 'tsx', process.entry]);
    expect(last('WORKDIR')).toBe(`/app/${process.workspace}`);
    expect(existsSync(join(repoRoot, process.workspace, process.entry)), `${process.workspace}/${process.entry}`).toBe(true);
  });

  it('installs production dependencies of every workspace it imports, tsx at the locked version, and copies those workspaces', () => {
    const install = instructions.find((i) => i.instruction === 'RUN' && /npm ci --omit=dev/.test(i.args));
    expect(install, 'npm ci --omit=dev').toBeDefined();
    const selected = new Set([...install!.args.matchAll(/-w\s+(\S+)/g)].map((m) => m[1]!));
    const needed = [...workspaceClosure(process.workspace, byName)];
    expect(needed.filter((w) => !selected.has(w)), 'workspaces missing from npm ci -w').toEqual([]);
    expect(install!.args).toMatch(/tsx@\$\(node -p "require\('\.\/package-lock\.json'\)\.packages\['node_modules\/tsx'\]\.version"\)/);
    const copied = new Set(final.filter((i) => i.instruction === 'COPY' && !i.args.startsWith('--from')).map((i) => i.args.split(/\s+/)[0]!.replace(/\/$/, '')));
    expect([...selected].filter((w) => !copied.has(w)), 'workspaces installed but not copied').toEqual([]);
    expect(final.some((i) => i.instruction === 'COPY' && /^--from=deps \/app/.test(i.args))).toBe(true);
  });

  if (process.port) {
    it(`exposes ${process.port} and checks its own health with node's fetch`, () => {
      expect(final.filter((i) => i.instruction === 'EXPOSE').flatMap((i) => i.args.split(/\s+/))).toContain(String(process.port));
      expect(final.some((i) => i.instruction === 'ENV' && new RegExp(`\\bPORT=${process.port}\\b`).test(i.args))).toBe(true);
      expect(last('HEALTHCHECK')).toMatch(/CMD \["node", "-e", "fetch\('http:\/\/127\.0\.0\.1:' \+ process\.env\.PORT \+ '\/(alive|health|api\/messages)'\)/);
    });
  } else {
    it('has no health check: a one-shot is judged by its exit code', () => {
      expect(last('HEALTHCHECK')).toBe('NONE');
    });
  }
});

describe('gateway Dockerfile', () => {
  const instructions = parseDockerfile(join(repoRoot, 'gateway/Dockerfile'));

  it('builds the SPA with its public build arguments and ships only web/dist', () => {
    const build = instructions.find((i) => i.instruction === 'RUN' && i.args === 'npm run build -w web');
    expect(build).toBeDefined();
    const args = instructions.filter((i) => i.instruction === 'ARG' && i.stage === build!.stage).map((i) => i.args.split('=')[0]);
    expect(args).toEqual(expect.arrayContaining(['VITE_API_ORIGIN', 'VITE_SUPPORT_EMAIL', 'VITE_RAZORPAY_CHECKOUT_URL']));
    const finalStage = Math.max(...instructions.map((i) => i.stage));
    expect(instructions.some((i) => i.stage === finalStage && i.instruction === 'COPY' && /^--from=web-build \/app\/web\/dist\/? web\/dist\/?$/.test(i.args))).toBe(true);
    expect(instructions.some((i) => i.stage === finalStage && i.instruction === 'ENV' && /\bWEB_DIST_DIR=\/app\/web\/dist\b/.test(i.args))).toBe(true);
  });
});

describe('.dockerignore', () => {
  it('keeps dependencies, build output, git, test results and env files out of the context', () => {
    const lines = readFileSync(join(repoRoot, '.dockerignore'), 'utf8').split('\n').map((l) => l.trim());
    for (const pattern of ['**/node_modules', '**/dist', '.git', '.env', 'test-results', 'playwright-report']) expect(lines, pattern).toContain(pattern);
  });
});
