import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCKERFILE, processes } from './processes.js';
import {
  listFiles,
  parseDockerfile,
  readCompose,
  rel,
  repoRoot,
  resolveDockerImage,
  workspaceClosure,
  workspaces,
  type DockerImage,
  type ResolvedInstruction,
} from './support.js';

// Every image is built from the one Dockerfile; each process's image is checked as docker-compose.yml
// builds it (its target and build arguments), so a property checked here holds for every process.

const byName = workspaces();
const instructions = parseDockerfile(join(repoRoot, DOCKERFILE));
const services = readCompose().services;
const imageOf = (name: string) => resolveDockerImage(instructions, services[name]?.build?.target, services[name]?.build?.args);

interface LockedPackage { dependencies?: Record<string, string>; link?: boolean; resolved?: string }
const locked = (JSON.parse(readFileSync(join(repoRoot, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockedPackage> }).packages;

/**
 * The workspaces `npm ci -w <each selected>` installs: the selected ones and, through the lockfile, every
 * workspace their dependencies link to, to any depth (npm follows a workspace link into the linked
 * workspace's own dependencies).
 */
function npmInstalls(selected: string[]): Set<string> {
  const installed = new Set<string>();
  const visit = (folder: string) => {
    if (installed.has(folder)) return;
    installed.add(folder);
    for (const name of Object.keys(locked[folder]?.dependencies ?? {})) {
      const entry = locked[`node_modules/${name}`];
      if (entry?.link && entry.resolved) visit(entry.resolved);
    }
  };
  selected.forEach(visit);
  return installed;
}

/** Whether the image copies <source> of stage <from> into the directory <destination>. */
const copiesInto = (chain: ResolvedInstruction[], from: string | undefined, source: string, destination: string) =>
  chain.some((i) => {
    if (i.instruction !== 'COPY') return false;
    const [flag, path, target, ...rest] = i.resolved.split(/\s+/);
    return flag === `--from=${from}` && path?.replace(/\/$/, '') === source && target !== undefined && !rest.length && posix.resolve(i.workdir, target) === destination;
  });

const HEALTH_PATH = /^\/(alive|health|api\/messages)$/;
const FETCH = /^fetch\('http:\/\/127\.0\.0\.1:' \+ process\.env\.PORT \+ (?:'([^']*)'|process\.env\.(\w+))\)\.then\(\(r\) => process\.exit\(r\.ok \? 0 : 1\), \(\) => process\.exit\(1\)\)$/;
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
});

describe.each(processes.map((p) => [p.name, p] as const))('%s image', (name, proc) => {
  const build = services[name]?.build;
  const image: DockerImage = imageOf(name);
  const runs = image.stages.flatMap((stage) => stage.instructions.filter((i) => i.instruction === 'RUN'));
  const stageOf = (instruction: ResolvedInstruction) => image.stages.find((stage) => stage.instructions.includes(instruction))!;
  const needed = workspaceClosure(proc.workspace, byName);

  it('is built by docker-compose.yml from the root Dockerfile with its workspace, and the build would not fail on an argument', () => {
    expect(build?.context).toBe('.');
    expect(build?.dockerfile).toBe(DOCKERFILE);
    expect(build?.args?.WORKSPACE).toBe(proc.workspace);
    expect(Object.keys(build?.args ?? {}).filter((arg) => !image.declaredArgs.has(arg)), 'build arguments no stage of the target declares').toEqual([]);
    expect(image.errors).toEqual([]);
  });

  it('is a multi-stage build on Node 20 slim or alpine', () => {
    expect(image.stages.length).toBeGreaterThanOrEqual(2);
    expect(image.baseImages.length).toBeGreaterThan(0);
    for (const base of image.baseImages) expect(base).toMatch(/^node:20(\.\d+)*-(bookworm-slim|alpine[\d.]*)(@sha256:[a-f0-9]{64})?$/);
  });

  it('runs as a non-root user with NODE_ENV=production', () => {
    expect(image.user, 'USER').toBeDefined();
    expect(image.user!.split(':')[0]).not.toMatch(/^(root|0)$/);
    expect(image.env.NODE_ENV).toBe('production');
  });

  it('starts the entry file with node and tsx, from the workspace folder', () => {
    expect(JSON.parse(image.cmd ?? '[]')).toEqual(['node', '--import', 'tsx', proc.entry]);
    expect(image.workdir).toBe(`/app/${proc.workspace}`);
    expect(existsSync(join(repoRoot, proc.workspace, proc.entry)), `${proc.workspace}/${proc.entry}`).toBe(true);
  });

  it('installs, from the package manifests only, the production dependencies of every workspace it needs and tsx at the locked version', () => {
    const installs = runs.filter((i) => /\bnpm ci\b[^&]*--omit=dev/.test(i.resolved));
    expect(installs, 'one npm ci --omit=dev').toHaveLength(1);
    const install = installs[0]!;
    const npmCi = install.resolved.split('&&').find((command) => /\bnpm ci\b/.test(command))!;
    const selected = [...npmCi.matchAll(/(?:-w|--workspace)[\s=]+["']?([^"'\s]+)/g)].map((m) => byName.get(m[1]!) ?? m[1]!);
    expect(selected).toContain(proc.workspace);
    expect([...needed].filter((w) => !npmInstalls(selected).has(w)), 'needed workspaces npm ci does not install').toEqual([]);
    // npm ci reads the lockfile: it installs what package.json declares only if the two agree.
    for (const folder of needed) expect(locked[folder]?.dependencies ?? {}, `package-lock.json for ${folder}`).toEqual(JSON.parse(readFileSync(join(repoRoot, folder, 'package.json'), 'utf8')).dependencies ?? {});
    expect(install.args).toMatch(/tsx@\$\(node -p "require\('\.\/package-lock\.json'\)\.packages\['node_modules\/tsx'\]\.version"\)/);
    // Before installing, the stage copies only from a stage that keeps nothing but package.json files and the lockfile.
    const stage = stageOf(install);
    const before = stage.instructions.slice(0, stage.instructions.indexOf(install)).filter((i) => i.instruction === 'COPY' || i.instruction === 'ADD');
    expect(before.length).toBeGreaterThan(0);
    for (const copy of before) {
      const from = image.stages.find((s) => s.name === /--from=(\S+)/.exec(copy.args)?.[1]);
      expect(from?.instructions.some((i) => i.instruction === 'RUN' && /find \. -type f ! -name package\.json ! -name package-lock\.json -delete/.test(i.args)), copy.args).toBe(true);
    }
    expect(image.stages.some((s) => s.name === stage.from), 'the install stage starts from a clean base image').toBe(false);
    expect(copiesInto(image.chain, stage.name, '/app', '/app'), `COPY --from=${stage.name} /app into /app`).toBe(true);
  });

  it('copies the sources of exactly the workspaces it needs', () => {
    const scripts = runs.filter((i) => i.heredoc !== undefined && /^node - /.test(i.resolved));
    expect(scripts, 'one RUN node - <<EOF that copies the sources').toHaveLength(1);
    const script = scripts[0]!;
    const [, workspace, destination] = /^node - "?([^"\s]+)"? "?([^"\s]+)"?/.exec(script.resolved) ?? [];
    expect(workspace).toBe(proc.workspace);
    // It runs where the stage copied the build context, the repository root.
    const stage = stageOf(script);
    expect(stage.instructions.some((i) => i.instruction === 'COPY' && i.resolved === '. .' && i.workdir === script.workdir)).toBe(true);
    const out = mkdtempSync(join(tmpdir(), 'pickles-sources-'));
    try {
      execFileSync(globalThis.process.execPath, ['-', workspace!, out], { cwd: repoRoot, input: script.heredoc, stdio: ['pipe', 'inherit', 'inherit'] });
      const copied = [...byName.values()].filter((folder) => existsSync(join(out, folder, 'package.json')));
      expect(copied.sort()).toEqual([...needed].sort());
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
    expect(copiesInto(image.chain, stage.name, destination!, '/app'), `COPY --from=${stage.name} ${destination} into /app`).toBe(true);
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
    const fromSpa = image.chain.filter((i) => i.instruction === 'COPY' && i.args.startsWith(`--from=${spa!.name} `));
    expect(fromSpa).toHaveLength(1);
    expect(copiesInto(fromSpa, spa!.name, '/app/web/dist', '/app/web/dist')).toBe(true);
    expect(image.env.WEB_DIST_DIR).toBe('/app/web/dist');
  });
});

describe('.dockerignore', () => {
  it('keeps dependencies, build output, git, test results and env files out of the context', () => {
    const lines = readFileSync(join(repoRoot, '.dockerignore'), 'utf8').split('\n').map((l) => l.trim());
    for (const pattern of ['**/node_modules', '**/dist', '.git', '.env', 'test-results', 'playwright-report']) expect(lines, pattern).toContain(pattern);
  });
});
