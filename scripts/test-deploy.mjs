// `npm run test:deploy`: the shop as operators run it, built and exercised in real containers.
//   1. every image built from the one Dockerfile, as docker-compose.yml asks (base images made without a
//      registry when none answers), each at most 200 MB, and a crash's stack trace naming TypeScript;
//   2. docker-compose.yml brought up as written (Compose v2; PostgreSQL and Redis from test stand-ins)
//      and the purchase journey through its gateway; the test kit's testcontainers path against the
//      same runtime's Docker-compatible API;
//   3. k8s/overlays/dev rendered and run with `podman kube play` beside PostgreSQL and Redis: the migrate
//      Job, every Deployment ready, the same journey, shoppers told apart behind the load balancer, and
//      the payments pod replaced while shoppers buy, with no request failing;
//   4. everything removed by name; one line `N passed, N failed`.
// Everything runs inside one container with a network namespace of its own, so the machine's ports
// (npm start, the tests) are never bound. The one-time setup is cached in /var/cache/royal-pickles-deploy
// (PICKLES_DEPLOY_CACHE). When it cannot run at all it says what is missing in one line.
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  buildImages,
  composeConfig,
  composeDown,
  composeLogs,
  composeMemory,
  composeUp,
  crashNamesTypeScript,
  journeyFailure,
  runJourney,
} from '../test/deploy/containers/compose.mjs';
import { deploymentReady, kubeDown, kubeLogs, migrateJob, playDatastores, playOverlay, podAddress, renderDevOverlay, replacePod, startLoad } from '../test/deploy/containers/kube.mjs';
import { CACHE, Missing, RUNTIME, ensureRoot, STANDIN, SRC, ServiceFailure, hostPodman, inRuntime, lastLines, log, podman, removeRuntime, setUp, workDir } from '../test/deploy/containers/runtime.mjs';

const startedAt = Date.now();
const seconds = (since) => Math.round((Date.now() - since) / 100) / 10;
const results = [];
const timings = {};
/** Figures the run records beside its checks (last-run.json): memory of the compose stack. */
const measurements = {};
const SHOP = ['gateway', 'checkout', 'payments', 'admin-orders', 'notifications'];

/** "shop (5 processes) 400 / 180, postgres 40 / 30, ..." from composeMemory's answer. */
function describeMemory(memory) {
  if (!memory || memory.error) return memory?.error ?? 'not measured';
  const total = (names, key) => Math.round(names.reduce((sum, name) => sum + (memory[name]?.[key] ?? 0), 0));
  const part = (label, names) => `${label} ${total(names, 'rssMiB')} / ${total(names, 'pssMiB')}`;
  return [part('shop (gateway and 4 services)', SHOP), part('postgres', ['postgres']), part('redis', ['redis']), part('sandbox and mail catcher', ['razorpay-sandbox', 'mail-catcher'])].join(', ');
}

/** One check: prints ok or FAIL with what failed (the service and its last log lines); never throws. */
async function check(name, body) {
  const started = Date.now();
  try {
    const detail = await body();
    results.push({ name, ok: true, detail, seconds: seconds(started) });
    console.log(`  ok    ${name}${detail ? ` (${typeof detail === 'string' ? detail : JSON.stringify(detail)})` : ''} [${seconds(started)} s]`);
    return true;
  } catch (error) {
    results.push({ name, ok: false, error: error.message, service: error.service, seconds: seconds(started) });
    console.log(`  FAIL  ${name} [${seconds(started)} s]`);
    if (error instanceof ServiceFailure) console.log(`        service: ${error.service}\n        ${error.message.split('\n').join('\n        ')}${error.logs ? `\n        last log lines of ${error.service}:\n${error.logs.replace(/^/gm, '        | ')}` : ''}`);
    else console.log(`        ${String(error.message).split('\n').join('\n        ')}`);
    return false;
  }
}

/** A check that cannot run because an earlier one failed: counted as failed, saying why. */
function notRun(name, because) {
  results.push({ name, ok: false, error: `not run: ${because}` });
  console.log(`  FAIL  ${name} (not run: ${because})`);
}

/** One run at a time on a machine: the runtime container and the cache are shared. */
function takeLock() {
  mkdirSync(CACHE, { recursive: true });
  const lock = path.join(CACHE, 'run.lock');
  if (existsSync(lock)) {
    const pid = Number(readFileSync(lock, 'utf8'));
    let alive = false;
    try {
      process.kill(pid, 0);
      alive = true;
    } catch {
      // a run that ended without removing its lock
    }
    if (alive && pid !== process.pid) throw new Missing(`another test:deploy is running on this machine (pid ${pid})`);
  }
  closeSync(openSync(lock, 'w'));
  writeFileSync(lock, String(process.pid));
  return () => rmSync(lock, { force: true });
}

async function composeSection(config) {
  console.log('\ndocker-compose.yml');
  const up = await check('docker-compose.yml comes up: every service healthy, migrate exited 0', async () => {
    const started = Date.now();
    const detail = await composeUp();
    timings.composeUpSeconds = seconds(started);
    return detail;
  });
  if (up) {
    // What the whole shop takes on one machine, the dev tools (sandbox, mail catcher) apart.
    await new Promise((resolve) => setTimeout(resolve, 15_000));
    measurements.composeAtRest = await composeMemory().catch((error) => ({ error: error.message }));
    await check('purchase journey through the compose gateway (create-order, sandbox payment, verify, one e-mail, admin sees it paid with its invoice)', async () => {
      const journey = await runJourney({ gateway: 'http://127.0.0.1:3000', sandbox: 'http://127.0.0.1:4010', mail: 'http://127.0.0.1:8025' });
      if (journey.code !== 0) throw await journeyFailure(journey, composeLogs);
      return journey.steps.map((s) => s.step).join(' -> ');
    });
  } else notRun('purchase journey through the compose gateway', 'the compose stack did not come up');
  if (up) {
    measurements.composeAfterJourney = await composeMemory().catch((error) => ({ error: error.message }));
    console.log(`        memory (RSS / PSS MiB) at rest: ${describeMemory(measurements.composeAtRest)}`);
  }
  await check('docker compose down removes the project (containers, network, volumes)', composeDown);
  void config;
}

/** The test kit's testcontainers path (throwaway PostgreSQL and Redis) through the runtime's Docker-compatible API. */
async function testcontainersSection() {
  console.log('\ntestcontainers');
  await check('integration tests on testcontainers PostgreSQL and Redis, through the Docker-compatible API', async () => {
    const result = await inRuntime(
      ['sh', '-c', `cd ${SRC} && node node_modules/vitest/vitest.mjs run --reporter=dot test/integration/outbox-relay.test.ts packages/test-kit/src/redis.test.ts`],
      {
        envs: [
          // Insist: without a runtime answering, the test kit would quietly use localhost.
          'TEST_CONTAINERS=1',
          `TEST_POSTGRES_IMAGE=${STANDIN.postgres}`,
          `TEST_REDIS_IMAGE=${STANDIN.redis}`,
          // Ryuk (testcontainers' reaper) comes from a registry; the test kit stops its containers itself.
          'TESTCONTAINERS_RYUK_DISABLED=true',
          'NO_COLOR=1',
        ],
        timeoutMs: 5 * 60_000,
      },
    );
    const left = (await podman(['ps', '--all', '--quiet', '--filter', 'label=org.testcontainers=true'])).out.trim();
    if (result.code !== 0) throw new Error(`vitest exited ${result.code}:\n${lastLines(result.out, 30)}`);
    if (left) throw new Error(`testcontainers left containers behind: ${left.split('\n').join(' ')}`);
    return /Tests\s+(\d+) passed/.exec(result.out)?.[0] ?? 'passed';
  });
}

async function kubeSection() {
  console.log('\nk8s/overlays/dev with podman kube play');
  let overlay;
  const played = await check('k8s/overlays/dev renders and plays beside PostgreSQL and Redis', async () => {
    overlay = await renderDevOverlay();
    await playDatastores();
    const started = Date.now();
    await playOverlay(overlay.file);
    timings.kubePlaySeconds = seconds(started);
    const kinds = [...new Set(overlay.objects.map((o) => o.kind))];
    return `${overlay.objects.length} objects (${kinds.join(', ')}); podman ignores NetworkPolicy, HorizontalPodAutoscaler, PodDisruptionBudget, Ingress, ServiceAccount`;
  });
  const deployments = overlay?.objects.filter((o) => o.kind === 'Deployment') ?? [];
  const jobs = overlay?.objects.filter((o) => o.kind === 'Job') ?? [];
  let ready = played;
  if (played) {
    for (const job of jobs) ready = (await check(`Job ${job.metadata.name} runs to completion`, () => migrateJob(job.metadata.name))) && ready;
    const started = Date.now();
    for (const deployment of deployments) ready = (await check(`Deployment ${deployment.metadata.name} becomes ready`, () => deploymentReady(deployment))) && ready;
    timings.kubeReadySeconds = seconds(started);
  } else notRun('the migrate Job and every Deployment', 'kube play failed');
  if (ready) {
    const targets = { gateway: `http://${await podAddress('gateway-pod')}:3000`, sandbox: `http://${await podAddress('razorpay-sandbox-pod')}:4010`, mail: `http://${await podAddress('mail-catcher-pod')}:8025` };
    await check('purchase journey through the k8s gateway', async () => {
      const journey = await runJourney(targets, { forwardedFor: true });
      if (journey.code !== 0) throw await journeyFailure(journey, kubeLogs);
      return journey.steps.map((s) => s.step).join(' -> ');
    });
    await check('shoppers behind the load balancer are told apart (TRUSTED_PROXIES): one is rate-limited, the next is served', async () => {
      const limit = Number(overlay.objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'pickles-config')?.data?.CREATE_ORDER_LIMIT_PER_CLIENT ?? 10);
      const journey = await runJourney(targets, { clients: true, limit });
      if (journey.code !== 0) throw await journeyFailure(journey, kubeLogs);
      return `${limit} orders then 429 for one shopper; the next one served`;
    });
    await check('the payments pod is replaced while shoppers buy, and no request fails', async () => {
      const payments = deployments.find((d) => d.metadata.name === 'payments');
      const load = startLoad(targets, 4, 45);
      await new Promise((resolve) => setTimeout(resolve, 8_000));
      const replacing = replacePod(payments, (message) => log(message)).then((value) => ({ value }), (error) => ({ error }));
      const [{ report, out }, replacement] = await Promise.all([load, replacing]);
      if (replacement.error) throw replacement.error;
      const replaced = replacement.value;
      if (!report) throw new Error(`the shoppers' load printed no report:\n${lastLines(out)}`);
      if (!report.ok) throw new ServiceFailure('payments', `${report.detail.failures.length} of the shoppers' purchases failed (${report.detail.purchases} succeeded): ${JSON.stringify(report.detail.failures.slice(0, 5))}`, replaced.logs);
      return `${report.detail.purchases} purchases by ${report.detail.shoppers} shoppers in ${report.detail.seconds} s, none failed; the old pod exited ${replaced.exit}`;
    });
  } else notRun('the k8s journey and the payments pod replacement', 'the overlay did not become ready');
  await check('podman kube down removes every pod, volume and the network', () => kubeDown(overlay?.objects));
}

/**
 * What an interrupted earlier run may have left in the runtime's storage, removed by name: the compose
 * project, the overlay's pods and the stand-ins beside them, testcontainers' containers.
 */
async function removeLeftovers() {
  await composeDown().catch(() => undefined);
  await renderDevOverlay().then(({ objects }) => kubeDown(objects)).catch(() => undefined);
  const throwaway = (await podman(['ps', '--all', '--quiet', '--filter', 'label=org.testcontainers=true'])).out.trim();
  if (throwaway) await podman(['rm', '--force', ...throwaway.split('\n')]);
}

async function main() {
  let releaseLock = () => {};
  let interrupted = false;
  const stop = async (signal) => {
    if (interrupted) return;
    interrupted = true;
    console.log(`\n${signal}: removing the runtime container and everything in it`);
    await removeRuntime();
    releaseLock();
    console.log(`${results.filter((r) => r.ok).length} passed, ${results.filter((r) => !r.ok).length + 1} failed`);
    process.exit(1);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // A bug in the test itself still leaves nothing running.
  process.on('uncaughtException', (error) => {
    console.log(`test:deploy failed unexpectedly: ${error.stack ?? error}`);
    void stop('uncaught exception');
  });
  try {
    ensureRoot();
    releaseLock = takeLock();
    console.log(`test:deploy: one-time setup, cached in ${CACHE}`);
    const setupStarted = Date.now();
    await setUp();
    timings.setupSeconds = seconds(setupStarted);
    console.log(`  setup ready [${timings.setupSeconds} s]`);
  } catch (error) {
    await removeRuntime();
    releaseLock();
    if (error instanceof Missing) console.log(`test:deploy cannot run: ${error.message}`);
    else console.log(`test:deploy cannot run: the setup failed: ${error.message}`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
  let sizes = {};
  try {
    await check('the runtime container binds no port of this machine: a network namespace of its own, nothing published', async () => {
      const { out } = await hostPodman(['inspect', '--format', '{{json .HostConfig.PortBindings}} {{.HostConfig.NetworkMode}}', RUNTIME]);
      const [bindings, mode] = out.trim().split(' ');
      if (bindings !== '{}' || mode === 'host' || !mode) throw new Error(`published ports ${bindings}, network ${mode}`);
      return `network ${mode}, no published port`;
    });
    await removeLeftovers();
    console.log('\nimages (the one Dockerfile, as docker-compose.yml builds them)');
    const config = await composeConfig();
    const buildStarted = Date.now();
    const built = await buildImages(config, check);
    sizes = built.sizes;
    timings.buildSeconds = seconds(buildStarted);
    const allBuilt = results.every((r) => r.ok || !r.name.startsWith('image '));
    if (allBuilt) {
      await check("a crash's stack trace names the TypeScript file and line (payments image, source maps)", crashNamesTypeScript);
      await composeSection(config);
      await testcontainersSection();
      await kubeSection();
    } else notRun('compose, testcontainers and Kubernetes checks', 'an image did not build');
  } catch (error) {
    results.push({ name: 'test:deploy itself', ok: false, error: error.message });
    console.log(`  FAIL  test:deploy stopped: ${error.message}`);
  } finally {
    await removeRuntime();
    releaseLock();
  }
  timings.totalSeconds = seconds(startedAt);
  const passed = results.filter((r) => r.ok).length;
  const failed = results.length - passed;
  writeFileSync(path.join(workDir(), 'last-run.json'), `${JSON.stringify({ finishedAt: new Date().toISOString(), passed, failed, timings, imageBytes: sizes, memoryMiB: measurements, results }, null, 2)}\n`);
  console.log(`\ntimings: ${Object.entries(timings).map(([k, v]) => `${k} ${v}`).join(', ')}; results in ${path.join(workDir(), 'last-run.json')}`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

await main();
