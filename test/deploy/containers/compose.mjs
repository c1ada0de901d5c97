// test:deploy's image and compose checks, inside the runtime container (runtime.mjs): every image built
// from the one Dockerfile as docker-compose.yml asks, then docker-compose.yml run as written by Docker
// Compose v2 against podman's Docker-compatible API, and the purchase journey through its gateway.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { SRC, STANDIN, WORK, ServiceFailure, containerLogs, imageSizes, inRuntime, lastLines, log, must, podman, workDir } from './runtime.mjs';

export const PROJECT = 'pickles-deploy';
const COMPOSE_FILE = `${SRC}/docker-compose.yml`;
const STANDINS_FILE = 'standins.override.yml';
/** The images the Dockerfile starts from, and where this machine gets them when no registry answers. */
const OFFICIAL_BASES = { NODE_IMAGE: 'docker.io/library/node:20-bookworm-slim', RUNTIME_IMAGE: 'docker.io/library/debian:bookworm-slim' };
const STANDIN_BASES = { NODE_IMAGE: STANDIN.node, RUNTIME_IMAGE: STANDIN.bookworm };
/** Goal for every image (docs/decisions/021). */
export const IMAGE_LIMIT_BYTES = 200 * 1000 * 1000;
/**
 * admin-orders alone carries sharp's libvips (about 19 MB, a native library: decision 027) to make
 * the owner's photos; its goal is the others' plus that, so the rest of its image is held to the same.
 */
export const IMAGE_LIMITS_BYTES = { 'admin-orders': IMAGE_LIMIT_BYTES + 20 * 1000 * 1000 };
const limitOf = (service) => IMAGE_LIMITS_BYTES[service] ?? IMAGE_LIMIT_BYTES;

const compose = (args, options) => inRuntime(['docker-compose', '-p', PROJECT, '-f', COMPOSE_FILE, '-f', `${WORK}/${STANDINS_FILE}`, ...args], options);

/** docker-compose.yml as Compose reads it (merge keys, defaults), from the runtime container's Compose v2. */
export async function composeConfig() {
  writeStandins();
  return JSON.parse(await must(compose(['config', '--format', 'json']), 'docker compose config'));
}

/**
 * postgres:15 and redis:7 from the test stand-ins, when the official images are not in the runtime's
 * storage (no registry answers here); everything else in docker-compose.yml stays as written.
 */
function writeStandins() {
  writeFileSync(
    path.join(workDir(), STANDINS_FILE),
    [
      '# Written by test:deploy: TEST STAND-INS for postgres:15 and redis:7 (test/deploy/containers/images),',
      '# for a machine that reaches no image registry. Nothing else of docker-compose.yml changes.',
      'services:',
      '  postgres:',
      `    image: ${STANDIN.postgres}`,
      '  redis:',
      `    image: ${STANDIN.redis}`,
      '',
    ].join('\n'),
  );
}

/** The base images to build on: the official ones when present (or pulled with DEPLOY_TEST_PULL=1), else the stand-ins. */
async function baseImages() {
  if (process.env.DEPLOY_TEST_PULL === '1') {
    for (const image of Object.values(OFFICIAL_BASES)) await must(podman(['pull', image]), `pulling ${image}`);
  }
  for (const image of Object.values(OFFICIAL_BASES)) if ((await podman(['image', 'exists', image])).code !== 0) return { bases: STANDIN_BASES, standins: true };
  return { bases: OFFICIAL_BASES, standins: false };
}

/** The image name Docker gives `image` (compose's `image:`), which is what Compose asks the API for. */
const qualified = (image) => (image.split('/')[0].includes('.') || image.startsWith('localhost/') ? image : `docker.io/${image.includes('/') ? image : `library/${image}`}`);

/**
 * Builds every service of docker-compose.yml that has a build section, with its target and arguments,
 * from the one Dockerfile (on the stand-in bases when the official ones are missing), one check each.
 * Returns the images' sizes.
 */
export async function buildImages(config, check) {
  const { bases, standins } = await baseImages();
  log(`building on ${standins ? 'the test stand-ins' : 'the official images'}: ${Object.values(bases).join(', ')}`);
  const built = [];
  for (const [service, spec] of Object.entries(config.services)) {
    if (!spec.build) continue;
    await check(`image ${service} builds from the Dockerfile`, async () => {
      const { context, dockerfile = 'Dockerfile', target, args = {} } = spec.build;
      const buildArgs = Object.entries({ ...args, ...(standins ? bases : {}) }).flatMap(([key, value]) => ['--build-arg', `${key}=${value}`]);
      const started = Date.now();
      const result = await podman(['build', '--format', 'docker', '--file', path.posix.join(context, dockerfile), ...(target ? ['--target', target] : []), ...buildArgs, '--tag', qualified(spec.image), context]);
      if (result.code !== 0) throw new ServiceFailure(service, `podman build of ${spec.image} failed (exit ${result.code})`, lastLines(result.out, 30));
      built.push({ service, image: qualified(spec.image) });
      return `${spec.image} in ${((Date.now() - started) / 1000).toFixed(0)} s`;
    });
  }
  const sizes = await imageSizes(built.map((b) => b.image));
  const bySize = Object.fromEntries(built.map(({ service, image }) => [service, sizes[image]]));
  await check(`every image is at most ${IMAGE_LIMIT_BYTES / 1e6} MB (admin-orders ${limitOf('admin-orders') / 1e6} MB, with libvips)`, async () => {
    const large = Object.entries(bySize).filter(([service, bytes]) => !(bytes <= limitOf(service)));
    const listed = Object.entries(bySize).map(([service, bytes]) => `${service} ${(bytes / 1e6).toFixed(0)} MB`).join(', ');
    if (large.length) throw new Error(`over their goal: ${large.map(([service]) => `${service} (${limitOf(service) / 1e6} MB)`).join(', ')} (${listed})`);
    return listed;
  });
  return { sizes: bySize, standins };
}

/**
 * A crash in an image prints a stack trace whose frames name the TypeScript files and lines: the
 * payments image is started with a preload that makes its first listen() throw (crash-on-listen.mjs).
 */
export async function crashNamesTypeScript() {
  const result = await podman([
    'run', '--rm', '--network', 'none', '--name', `${PROJECT}-crash`,
    '--volume', `${SRC}/test/deploy/containers/crash-on-listen.mjs:/crash-on-listen.mjs:ro`,
    '--env', 'NODE_OPTIONS=--import=/crash-on-listen.mjs',
    '--env', 'NODE_ENV=development', '--env', 'HOST=127.0.0.1',
    '--env', 'DATABASE_URL=postgres://pickles:pickles@127.0.0.1:5432/royal_pickles', '--env', 'REDIS_URL=redis://127.0.0.1:6379',
    '--env', 'RAZORPAY_KEY_ID=rzp_test_DemoSandboxKey01', '--env', 'RAZORPAY_KEY_SECRET=demo-sandbox-key-secret',
    '--env', 'RAZORPAY_WEBHOOK_SECRET=demo-sandbox-webhook-secret', '--env', 'RAZORPAY_API_BASE_URL=http://127.0.0.1:9',
    'docker.io/pickles/payments:dev',
  ], { timeoutMs: 60_000 });
  const frame = /\/app\/(?:packages|services|gateway)\/[\w./-]+\.ts:\d+:\d+/.exec(result.out)?.[0];
  if (result.code === 0 || !result.out.includes('listen refused on purpose') || !frame) {
    throw new ServiceFailure('payments', `expected the crash's stack trace to name a TypeScript file and line (exit ${result.code})`, lastLines(result.out, 20));
  }
  return `exit ${result.code}, stack names ${frame}`;
}

/** The compose project's services that did not end up healthy (or, for the one-shot, exited 0), with their last log lines. */
async function unhealthyServices() {
  const { out } = await compose(['ps', '--all', '--format', 'json']);
  const rows = out
    .trim()
    .split('\n')
    .flatMap((line) => {
      try {
        const parsed = JSON.parse(line);
        return Array.isArray(parsed) ? parsed : [parsed];
      } catch {
        return [];
      }
    });
  const bad = rows.filter((row) => (row.Service === 'migrate' ? !(row.State === 'exited' && row.ExitCode === 0) : row.Health !== 'healthy' && !(row.State === 'running' && !row.Health)));
  return Promise.all(bad.map(async (row) => ({ service: row.Service, state: `${row.State}${row.Health ? ` (${row.Health})` : ''}`, logs: await containerLogs(row.Name) })));
}

/** `docker compose up --wait`: every service healthy (migrate exited 0) in the order docker-compose.yml asks. */
export async function composeUp() {
  const started = Date.now();
  const result = await compose(['up', '--detach', '--no-build', '--wait', '--wait-timeout', '240']);
  if (result.code !== 0) {
    const bad = await unhealthyServices();
    if (bad.length) throw new ServiceFailure(bad.map((b) => b.service).join(', '), `not healthy: ${bad.map((b) => `${b.service} ${b.state}`).join(', ')}`, bad.map((b) => `--- ${b.service}\n${b.logs}`).join('\n'));
    throw new Error(`docker compose up failed:\n${lastLines(result.out)}`);
  }
  return `healthy in ${((Date.now() - started) / 1000).toFixed(0)} s`;
}

/** Runs journey.mjs in the runtime container against `targets`; resolves with its step lines and exit code. */
export async function runJourney(targets, options = {}) {
  const result = await inRuntime(['node', `${SRC}/test/deploy/containers/journey.mjs`, JSON.stringify({ ...targets, ...options })], { timeoutMs: 10 * 60_000 });
  const steps = result.out
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line));
  return { code: result.code, steps, out: result.out };
}

/** The journey's failed step as a failure naming the service behind it, with that service's log. */
export async function journeyFailure(journey, logsOf) {
  const failed = journey.steps.find((step) => !step.ok);
  if (!failed) return new Error(`the journey exited ${journey.code}:\n${lastLines(journey.out)}`);
  const service = { 'create-order': 'checkout', pay: 'razorpay-sandbox', 'verify-payment': 'payments', 'confirmation e-mail': 'notifications', 'admin lists the order paid': 'admin-orders', 'invoice PDF': 'admin-orders' }[failed.step] ?? 'gateway';
  const detail = typeof failed.detail === 'string' ? failed.detail : JSON.stringify(failed.detail).slice(0, 2000);
  return new ServiceFailure(service, `${failed.step}: ${detail}`, await logsOf(service));
}

export const composeLogs = async (service) => (await compose(['logs', '--no-color', '--tail', '30', service])).out.trimEnd();

/** `docker compose down`: containers, network and volumes of the project, by its name; then checks none is left. */
export async function composeDown() {
  const result = await compose(['down', '--volumes', '--remove-orphans', '--timeout', '15']);
  const left = (await podman(['ps', '--all', '--quiet', '--filter', `label=com.docker.compose.project=${PROJECT}`])).out.trim();
  const volumes = (await podman(['volume', 'ls', '--quiet', '--filter', `label=com.docker.compose.project=${PROJECT}`])).out.trim();
  if (result.code !== 0 || left || volumes) throw new Error(`docker compose down left ${left ? `containers ${left.split('\n').join(' ')}` : ''}${volumes ? ` volumes ${volumes.split('\n').join(' ')}` : ''}:\n${lastLines(result.out, 10)}`);
  return 'containers, network and volumes removed';
}

/**
 * Memory of the compose project's running containers (every process of each), by service, from inside
 * the runtime container: what the shop with PostgreSQL and Redis takes on one machine.
 */
export async function composeMemory() {
  const ids = (await compose(['ps', '--quiet'])).out.trim().split('\n').filter(Boolean);
  const pids = {};
  for (const id of ids) {
    const { out } = await podman(['inspect', '--format', '{{index .Config.Labels "com.docker.compose.service"}} {{.State.Pid}}', id]);
    const [service, pid] = out.trim().split(' ');
    if (service && Number(pid) > 0) pids[service] = Number(pid);
  }
  const measured = await inRuntime(['node', `${SRC}/test/deploy/containers/memory.mjs`, JSON.stringify(pids)]);
  return JSON.parse(measured.out.trim().split('\n').at(-1));
}
