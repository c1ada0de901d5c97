import { existsSync, readFileSync } from 'node:fs';
import { basename, join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM list of the shop's processes
import { NODE_BUNDLE_FLAGS } from '../../scripts/processes.mjs';
import { DOCKERFILE, processes } from './processes.js';
import { listFiles, parseDockerfile, readCompose, rel, repoRoot, resolveDockerImage, type DockerImage, type ResolvedInstruction } from './support.js';

// Every image is built from the one Dockerfile; each process's image is checked here as
// docker-compose.yml builds it (its target and build arguments), so a property checked here holds for
// every process. `npm run test:deploy` builds and runs them for real; this is the quick check that
// `npm test` makes on every change.

const instructions = parseDockerfile(join(repoRoot, DOCKERFILE));
const services = readCompose().services;
const imageOf = (name: string) => resolveDockerImage(instructions, services[name]?.build?.target, services[name]?.build?.args);
const rootScripts = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

/** The COPY --from instructions of an image's own chain: everything it takes from other stages. */
const copiesFrom = (chain: ResolvedInstruction[]) =>
  chain.filter((i) => i.instruction === 'COPY' && /^--from=/.test(i.resolved)).map((i) => {
    const [flag, source, target] = i.resolved.split(/\s+/);
    return { from: flag!.slice('--from='.length), source: source!.replace(/\/$/, ''), target: posix.resolve(i.workdir, target!) };
  });

const HEALTH_PATH = /^\/(alive|health)$/;
const FETCH = /^fetch\('http:\/\/127\.0\.0\.1:'\+process\.env\.PORT\+(?:'([^']*)'|process\.env\.(\w+))\)\.then\(\(r\)=>process\.exit\(r\.ok\?0:1\),\(\)=>process\.exit\(1\)\)$/;
/** The path a `node -e "fetch(…)"` health check probes on PORT, a variable resolved from the image's environment. */
function healthPath(command: string[] | undefined, env: Record<string, string> = {}): string | undefined {
  if (command?.length !== 3 || command[0] !== 'node' || command[1] !== '-e') return undefined;
  const match = FETCH.exec(command[2]!);
  return match ? (match[1] ?? env[match[2]!]) : undefined;
}
/** The exec-form command of a HEALTHCHECK instruction (after its --interval=… options). */
const healthCommand = (healthcheck: string | undefined) => {
  const json = /^(?:--\S+\s+)*CMD\s+(\[.*\])$/.exec(healthcheck ?? '')?.[1];
  return json ? (JSON.parse(json) as string[]) : undefined;
};

describe('Dockerfile', () => {
  it('is the only Dockerfile: every image is built from it', () => {
    const found = listFiles(repoRoot, (file) => /^(.+\.)?Dockerfile(\..+)?$/.test(basename(file))).map(rel);
    expect(found).toEqual([DOCKERFILE]);
  });

  it('starts from the official images an operator with Docker Hub pulls: node 20 slim to build, Debian slim to run', () => {
    const globals = Object.fromEntries(instructions.filter((i) => i.stage === -1 && i.instruction === 'ARG').map((i) => i.args.split('=') as [string, string]));
    expect(globals.NODE_IMAGE).toMatch(/^node:20(\.\d+)*-bookworm-slim(@sha256:[a-f0-9]{64})?$/);
    expect(globals.RUNTIME_IMAGE).toMatch(/^debian:bookworm-slim(@sha256:[a-f0-9]{64})?$/);
  });

  it('bundles every process once, in a build stage that takes no build argument, from dependencies installed from the package manifests only', () => {
    const image = imageOf('payments');
    const build = image.stages.find((s) => s.name === 'build')!;
    expect(build, 'a stage named build').toBeDefined();
    // No ARG: the stage, and its cache, is the same whichever image asks for it.
    expect([...build.args]).toEqual([]);
    expect(build.instructions.filter((i) => i.instruction === 'RUN').map((i) => i.resolved)).toEqual(['npm run build:server']);
    expect(rootScripts['build:server']).toBe('node scripts/build-server.mjs');
    const deps = image.stages.find((s) => s.name === build.from)!;
    const install = deps.instructions.find((i) => i.instruction === 'RUN' && /\bnpm ci\b/.test(i.resolved));
    expect(install, 'npm ci in the stage the build starts from').toBeDefined();
    const before = deps.instructions.slice(0, deps.instructions.indexOf(install!)).filter((i) => i.instruction === 'COPY' || i.instruction === 'ADD');
    expect(before.length).toBeGreaterThan(0);
    for (const copy of before) {
      const from = image.stages.find((s) => s.name === /--from=(\S+)/.exec(copy.args)?.[1]);
      expect(from?.instructions.some((i) => i.instruction === 'RUN' && /find \. -type f ! -name package\.json ! -name package-lock\.json -delete/.test(i.args)), copy.args).toBe(true);
    }
  });
});

describe.each(processes.map((p) => [p.name, p] as const))('%s image', (name, proc) => {
  const build = services[name]?.build;
  const image: DockerImage = imageOf(name);
  const runs = image.stages.flatMap((stage) => stage.instructions.filter((i) => i.instruction === 'RUN'));

  it('is built by docker-compose.yml from the root Dockerfile with its process name, and the build would not fail on an argument', () => {
    expect(build?.context).toBe('.');
    expect(build?.dockerfile).toBe(DOCKERFILE);
    expect(build?.args?.PROCESS).toBe(name);
    expect(Object.keys(build?.args ?? {}).filter((arg) => !image.declaredArgs.has(arg)), 'build arguments no stage of the target declares').toEqual([]);
    expect(image.errors).toEqual([]);
  });

  it('runs as a non-root user with NODE_ENV=production', () => {
    expect(image.user, 'USER').toBeDefined();
    expect(image.user!.split(':')[0]).not.toMatch(/^(root|0)$/);
    expect(image.env.NODE_ENV).toBe('production');
  });

  it('starts its bundle with plain node and source maps, from its own folder, as PID 1', () => {
    expect(JSON.parse(image.cmd ?? '[]')).toEqual(['node', ...(NODE_BUNDLE_FLAGS as string[]), 'main.mjs']);
    expect(image.workdir).toBe(`/app/dist/${name}`);
    expect(existsSync(join(repoRoot, proc.entry)), proc.entry).toBe(true);
  });

  it('carries node and its process\'s folder of dist/ and nothing else: no npm, no sources, no dev dependencies', () => {
    const runtime = image.stages.find((s) => s.name === 'runtime')!;
    expect(runtime.from).toBe('debian:bookworm-slim');
    expect(image.stages.find((s) => s.name === 'node')?.from).toMatch(/^node:20/);
    const taken = copiesFrom(image.chain).map(({ from, source, target }) => `${from} ${source} -> ${target}`);
    const expected = ['node /usr/local/bin/node -> /usr/local/bin/node', `build /app/dist/${name} -> /app/dist/${name}`];
    if (name === 'gateway') expected.push('web-build /app/web/dist -> /app/web/dist');
    expect(taken).toEqual(expected);
    expect(image.chain.filter((i) => i.instruction === 'COPY' && !/^--from=/.test(i.resolved)), 'nothing copied from the build context').toEqual([]);
  });

  if (proc.port) {
    it(`exposes ${proc.port} and checks its own health with node's fetch, on the path compose probes`, () => {
      expect(image.exposed).toContain(String(proc.port));
      expect(image.env.PORT).toBe(String(proc.port));
      const path = healthPath(healthCommand(image.healthcheck), image.env);
      expect(path, image.healthcheck).toMatch(HEALTH_PATH);
      const composeTest = services[name]?.healthcheck?.test;
      expect(composeTest?.[0]).toBe('CMD');
      expect(healthPath(composeTest?.slice(1)), 'compose probes the same path').toBe(path);
    });
  } else {
    it('has no health check: a one-shot is judged by its exit code', () => {
      expect(image.healthcheck).toBe('NONE');
    });
  }

  if (name !== 'gateway') {
    it('does not build the SPA', () => {
      expect(runs.filter((i) => /npm run build -w web/.test(i.args))).toEqual([]);
    });
  }
});

describe('gateway image', () => {
  const image = imageOf('gateway');

  it('builds the SPA with its public build arguments and ships only web/dist', () => {
    const spa = image.stages.find((s) => s.instructions.some((i) => i.instruction === 'RUN' && i.args === 'npm run build -w web'));
    expect(spa).toBeDefined();
    const publicArgs = ['VITE_API_ORIGIN', 'VITE_SUPPORT_EMAIL', 'VITE_RAZORPAY_CHECKOUT_URL'];
    expect([...spa!.args]).toEqual(expect.arrayContaining(publicArgs));
    expect(Object.keys(services.gateway?.build?.args ?? {})).toEqual(expect.arrayContaining(publicArgs));
    expect(copiesFrom(image.chain).filter((c) => c.from === spa!.name)).toEqual([{ from: spa!.name, source: '/app/web/dist', target: '/app/web/dist' }]);
    expect(image.env.WEB_DIST_DIR).toBe('/app/web/dist');
  });
});

describe('.dockerignore', () => {
  it('keeps dependencies, build output, git, test results and env files out of the context', () => {
    const lines = readFileSync(join(repoRoot, '.dockerignore'), 'utf8').split('\n').map((l) => l.trim());
    for (const pattern of ['**/node_modules', '**/dist', '.git', '.env', 'test-results', 'playwright-report']) expect(lines, pattern).toContain(pattern);
  });
});
