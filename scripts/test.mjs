// `npm test`: every test in the tree, then one line `N passed, N failed` summing all runners
// (vitest and Playwright print no such line themselves).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT, checkInfrastructure } from './stack.mjs';

const out = path.join(ROOT, '.ci/out');
mkdirSync(out, { recursive: true });
const vitestJson = path.join(out, 'vitest.json');
const playwrightJson = path.join(out, 'playwright.json');
for (const file of [vitestJson, playwrightJson]) rmSync(file, { force: true });

// Tiers: `--unit` (vitest beside the code, no servers), `--integration` (vitest in test/ folders, real
// PostgreSQL and Redis), `--e2e` (Playwright in Chromium). No flag: all three, one after the other.
const args = process.argv.slice(2);
const TIERS = ['unit', 'integration', 'e2e'];
const chosen = TIERS.filter((tier) => args.includes(`--${tier}`));
const tiers = chosen.length ? chosen : TIERS;
const vitestProjects = tiers.filter((tier) => tier !== 'e2e');

function run(command, commandArgs, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
}

const needsServers = tiers.some((tier) => tier !== 'unit');
const problems = !needsServers ? [] : await checkInfrastructure(process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
if (problems.length) {
  console.error(`Tests need PostgreSQL and Redis:\n\n${problems.join('\n\n')}\n`);
  console.log('0 passed, 1 failed');
  process.exit(1);
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
if (vitestProjects.length) {
  const projects = vitestProjects.flatMap((project) => ['--project', project]);
  vitestCode = await timed(vitestProjects.join(' + '), () => run(bin('vitest'), ['run', ...projects, '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]));
}
if (tiers.includes('e2e')) {
  playwrightCode = await timed('e2e', () => run(bin('playwright'), ['test'], { PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightJson }));
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
