// `npm start`: installs what is missing, migrates, builds the SPA, starts every process and prints
// the shop's URL. Ctrl-C stops everything.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  DEFAULT_PORTS,
  offsetPorts,
  DEMO_ADMIN,
  ROOT,
  checkInfrastructure,
  defaultDatabaseUrl,
  hashDemoPassword,
  liveShopProblems,
  parseReplicas,
  randomSecret,
  run,
  spawnStack,
  stackEnvironment,
  usesRealRazorpay,
  waitForHealthy,
} from './stack.mjs';
import { NODE_BUNDLE_FLAGS, PROCESSES, bundleOf } from './processes.mjs';

const major = Number(process.versions.node.split('.')[0]);
if (major < 20) {
  console.error(`Node.js 20 or newer is needed (this is ${process.version}).`);
  process.exit(1);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const env = process.env;
const ports = {
  ...offsetPorts(DEFAULT_PORTS),
  ...(env.PORT ? { gateway: Number(env.PORT) } : {}),
};
const databaseUrl = env.DATABASE_URL ?? defaultDatabaseUrl(usesRealRazorpay(env));
const redisUrl = env.REDIS_URL ?? 'redis://127.0.0.1:6379';

function newestMtime(dir) {
  let newest = 0;
  const walk = (current) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'dist-ssr') continue;
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  walk(dir);
  return newest;
}

async function main() {
  // `npm start -- --replicas 2` (or REPLICAS=2): every service twice, the gateway spreading requests.
  const replicas = parseReplicas();
  // A live shop's missing values are said before anything is installed, built or started.
  const real = usesRealRazorpay(env);
  const liveProblems = real ? liveShopProblems(env) : [];
  if (liveProblems.length) {
    console.error(`Cannot start the shop:\n\n${liveProblems.join('\n')}\n`);
    process.exit(1);
  }
  const lock = path.join(ROOT, 'package-lock.json');
  const installed = path.join(ROOT, 'node_modules/.package-lock.json');
  if (!existsSync(installed) || statSync(installed).mtimeMs < statSync(lock).mtimeMs) {
    console.log('Installing dependencies (npm ci)...');
    await run(npm, ['ci', '--no-audit', '--no-fund']);
  }

  const problems = await checkInfrastructure(databaseUrl, redisUrl);
  if (problems.length) {
    console.error(`Cannot start the shop:\n\n${problems.join('\n\n')}\n`);
    process.exit(1);
  }

  // Production runs the compiled bundles, as the container images do; development runs the TypeScript
  // through tsx, for the quick edit-and-restart loop (docs/decisions/021). `--compiled` runs the
  // bundles with the sandbox, to try a production build locally.
  const compiled = real || env.NODE_ENV === 'production' || process.argv.includes('--compiled');
  if (compiled) {
    const bundles = PROCESSES.map((p) => path.join(ROOT, bundleOf(p.name)));
    const builtAt = Math.min(...bundles.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
    const sourcesAt = Math.max(...['packages', 'services', 'gateway', 'tools'].map((dir) => newestMtime(path.join(ROOT, dir))), statSync(lock).mtimeMs);
    if (builtAt < sourcesAt) {
      console.log('Building the processes (npm run build:server)...');
      await run(npm, ['run', '--silent', 'build:server']);
    }
  }

  console.log('Migrating the database...');
  if (compiled) await run(process.execPath, [...NODE_BUNDLE_FLAGS, bundleOf('migrate')], { env: { ...env, DATABASE_URL: databaseUrl } });
  else await run(npm, ['run', '--silent', 'migrate'], { env: { ...env, DATABASE_URL: databaseUrl } });

  const sandboxCheckout = `http://127.0.0.1:${ports.sandbox}/v1/checkout.js`;
  const checkoutScriptUrl = real ? (env.RAZORPAY_CHECKOUT_SCRIPT_URL ?? 'https://checkout.razorpay.com/v1/checkout.js') : sandboxCheckout;
  const dist = path.join(ROOT, 'web/dist/app-shell.html');
  const built = existsSync(dist) ? statSync(dist).mtimeMs : 0;
  const sources = Math.max(newestMtime(path.join(ROOT, 'web')), newestMtime(path.join(ROOT, 'packages/shared')));
  if (env.SKIP_BUILD !== '1' && (built < sources || env.FORCE_BUILD === '1' || env.VITE_RAZORPAY_CHECKOUT_URL !== undefined)) {
    console.log('Building the storefront...');
    await run(npm, ['run', 'build', '-w', 'web'], { env: { ...env, VITE_RAZORPAY_CHECKOUT_URL: env.VITE_RAZORPAY_CHECKOUT_URL ?? checkoutScriptUrl } });
  }

  const adminPasswordHash = real ? undefined : (env.ADMIN_PASSWORD_HASH ?? (await hashDemoPassword(DEMO_ADMIN.password, env, { compiled })));
  const { processes } = stackEnvironment({
    ports,
    databaseUrl,
    redisUrl,
    redisPrefix: env.REDIS_PREFIX ?? 'pickles',
    adminPasswordHash,
    jwtSecret: randomSecret(),
    replicas,
  });

  let stopping = false;
  const stack = spawnStack(processes, {
    compiled,
    onExit: (name, code, signal) => {
      if (!stopping) console.error(`\n${name} stopped (${signal ?? `exit ${code}`}); the rest of the shop keeps running.`);
    },
    onRestart: (name, delayMs) => {
      if (!stopping) console.error(`Restarting ${name} in ${Math.round(delayMs / 1000)} s. Ctrl-C stops everything.\n`);
    },
  });
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping the shop...');
    await stack.stopAll();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  await waitForHealthy([`http://127.0.0.1:${ports.gateway}/api/health`, ...Object.values(processes).map((spec) => spec.health)]);
  const shop = `http://localhost:${ports.gateway}`;
  console.log(
    [
      '',
      `  Royal Pickles is running${replicas > 1 ? ` (${replicas} replicas of every service)` : ''}${compiled ? ' (compiled: dist/<process>/main.mjs)' : ''}`,
      `  Shop:          ${shop}`,
      `  Admin panel:   ${shop}/admin   (login: ${env.ADMIN_PASSWORD_HASH ? `${env.ADMIN_USERNAME ?? DEMO_ADMIN.username} / your password` : `${DEMO_ADMIN.username} / ${DEMO_ADMIN.password}`})`,
      `  Health:        ${shop}/api/health`,
      real ? '  Razorpay:      real Razorpay (keys from the environment)' : `  Razorpay:      local sandbox at http://localhost:${ports.sandbox}/sandbox (test card 4100 2800 0000 1007)`,
      real ? (env.COURIER_EMAIL ? '  Courier:       Shiprocket (COURIER_* from the environment)' : '  Courier:       none configured (Ship hidden; dispatches recorded by hand)') : `  Courier:       local sandbox at http://localhost:${ports.courierSandbox}/sandbox (play the courier there)`,
      real ? '  E-mails:       sent through SMTP_URL' : `  E-mails:       http://localhost:${ports.mailHttp}`,
      '  Ctrl-C stops everything.',
      '',
    ].join('\n'),
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
