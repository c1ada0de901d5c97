// `npm test`: every test in the tree, then one line `N passed, N failed` summing all runners
// (vitest and Playwright print no such line themselves).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT, checkInfrastructure } from './stack.mjs';
import { TEST_BROWSER_PACKAGE, TEST_BROWSER_PATH } from './test-browser.mjs';

// Tiers: `--unit` (vitest beside the code, no servers), `--integration` (vitest in test/ folders, real
// PostgreSQL and Redis), `--e2e` (Playwright in headless Chromium). No flag: all three, one after the other.
const args = process.argv.slice(2);
const TIERS = ['unit', 'integration', 'e2e'];
const chosen = TIERS.filter((tier) => args.includes(`--${tier}`));
const tiers = chosen.length ? chosen : TIERS;
const vitestProjects = tiers.filter((tier) => tier !== 'e2e');

/** Ends a run that cannot start: why on stderr, then the one summary line every run ends with. */
function refuse(why) {
  console.error(why);
  console.log('0 passed, 1 failed');
  process.exit(1);
}

/**
 * What the runners need from Debian: headless Chromium for the browser tests (scripts/test-browser.mjs),
 * promtool (Debian's prometheus package) for the alert rules. Installed here when missing and run as
 * root with apt-get; otherwise the one command to run is printed and the run fails.
 */
function missingTools() {
  const onPath = (command) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
  const missing = [];
  // The sandboxes' browser tests (integration) and the journeys (e2e) drive Chromium; the alert rules' tests are integration.
  const needsChromium = tiers.includes('integration') || tiers.includes('e2e');
  if (needsChromium && !existsSync(TEST_BROWSER_PATH)) {
    if (process.env.CHROMIUM_PATH) {
      refuse(`CHROMIUM_PATH names ${TEST_BROWSER_PATH}, which does not exist.`);
    }
    missing.push({ package: TEST_BROWSER_PACKAGE, what: "Debian's headless Chromium, for the browser tests" });
  }
  if (tiers.includes('integration') && !process.env.PROMTOOL && !onPath('promtool')) missing.push({ package: 'prometheus', what: 'promtool (Debian\'s prometheus package), for the alert rules' });
  return missing;
}
const missing = missingTools();
if (missing.length) {
  const command = `apt-get install -y ${missing.map((m) => m.package).join(' ')}`;
  const canInstall = process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v apt-get']).status === 0;
  if (!canInstall) {
    refuse(`Tests need ${missing.map((m) => m.what).join(' and ')}. Install with:\n  sudo ${command}`);
  }
  console.log(`Installing from Debian: ${missing.map((m) => m.what).join(', ')}...`);
  const installed = spawnSync('sh', ['-c', `apt-get update -qq && DEBIAN_FRONTEND=noninteractive ${command} -qq`], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (installed.status !== 0) {
    refuse(`\`${command}\` failed; install them and run the tests again.`);
  }
}

const out = path.join(ROOT, '.ci/out');
mkdirSync(out, { recursive: true });
const vitestJson = path.join(out, 'vitest.json');
const playwrightJson = path.join(out, 'playwright.json');
for (const file of [vitestJson, playwrightJson]) rmSync(file, { force: true });

/** Runs a command and resolves to its exit code; `stdio: 'ignore'` keeps back output that would interleave with the tests'. */
function run(command, commandArgs, env = {}, stdio = 'inherit') {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { cwd: ROOT, stdio, env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
}

const needsServers = tiers.some((tier) => tier !== 'unit');
const problems = !needsServers ? [] : await checkInfrastructure(process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
if (problems.length) {
  refuse(`Tests need PostgreSQL and Redis:\n\n${problems.join('\n\n')}\n`);
}

const bin = (name) => path.join(ROOT, 'node_modules/.bin', name);
let vitestCode = 0;
let playwrightCode = 0;
const took = [];
const timed = async (name, work) => {
  const started = Date.now();
  const code = await work();
  took.push(`${name} ${Math.round((Date.now() - started) / 1000)} s`);
  return code;
};
/**
 * The journeys' storefronts are vite builds of their own, one per journey worker's shop (decision 045),
 * which the e2e tier's global setup would otherwise make with nothing beside it: when vitest runs too,
 * they are built meanwhile (decision 043) and the global setup uses them (E2E_SKIP_BUILD=1). If a build
 * fails, the global setup builds again and says why.
 */
const storefrontBuilt =
  tiers.includes('e2e') && vitestProjects.length
    ? run(process.execPath, ['--import', 'tsx', 'e2e/build-storefront.ts'], {}, 'ignore').then((code) => code === 0)
    : Promise.resolve(false);
if (vitestProjects.length) {
  const projects = vitestProjects.flatMap((project) => ['--project', project]);
  vitestCode = await timed(vitestProjects.join(' + '), () => run(bin('vitest'), ['run', ...projects, '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]));
}
if (tiers.includes('e2e')) {
  const skipBuild = (await storefrontBuilt) ? { E2E_SKIP_BUILD: '1' } : {};
  playwrightCode = await timed('e2e', () => run(bin('playwright'), ['test'], { PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightJson, ...skipBuild }));
}

let passed = 0;
let failed = 0;
const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);
if (vitestProjects.length) {
  const vitest = read(vitestJson);
  if (vitest) {
    passed += vitest.numPassedTests ?? 0;
    failed += (vitest.numFailedTests ?? 0) + (vitest.numFailedTestSuites && !vitest.numFailedTests ? vitest.numFailedTestSuites : 0);
  } else if (vitestCode !== 0) failed += 1;
}
if (tiers.includes('e2e')) {
  const playwright = read(playwrightJson);
  if (playwright?.stats) {
    passed += (playwright.stats.expected ?? 0) + (playwright.stats.flaky ?? 0);
    failed += playwright.stats.unexpected ?? 0;
    if (playwright.errors?.length && !playwright.stats.unexpected) failed += playwright.errors.length;
  } else if (playwrightCode !== 0) failed += 1;
}
// A runner that failed without reporting a failed test (a crash, a global setup error) still fails.
if ((vitestCode !== 0 || playwrightCode !== 0) && failed === 0) failed = 1;
console.log(`took: ${took.join(', ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
