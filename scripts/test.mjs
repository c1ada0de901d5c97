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

const args = process.argv.slice(2);
const only = args.includes('--unit') ? 'unit' : args.includes('--e2e') ? 'e2e' : 'all';

function run(command, commandArgs, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
}

const problems = await checkInfrastructure(process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
if (problems.length) {
  console.error(`Tests need PostgreSQL and Redis:\n\n${problems.join('\n\n')}\n`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}

const bin = (name) => path.join(ROOT, 'node_modules/.bin', name);
let vitestCode = 0;
let playwrightCode = 0;
if (only !== 'e2e') {
  vitestCode = await run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
}
if (only !== 'unit') {
  playwrightCode = await run(bin('playwright'), ['test'], { PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightJson });
}

let passed = 0;
let failed = 0;
const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);
if (only !== 'e2e') {
  const vitest = read(vitestJson);
  if (vitest) {
    passed += vitest.numPassedTests ?? 0;
    failed += (vitest.numFailedTests ?? 0) + (vitest.numFailedTestSuites && !vitest.numFailedTests ? vitest.numFailedTestSuites : 0);
  } else if (vitestCode !== 0) failed += 1;
}
if (only !== 'unit') {
  const playwright = read(playwrightJson);
  if (playwright?.stats) {
    passed += (playwright.stats.expected ?? 0) + (playwright.stats.flaky ?? 0);
    failed += playwright.stats.unexpected ?? 0;
    if (playwright.errors?.length && !playwright.stats.unexpected) failed += playwright.errors.length;
  } else if (playwrightCode !== 0) failed += 1;
}
// A runner that failed without reporting a failed test (a crash, a global setup error) still fails.
if ((vitestCode !== 0 || playwrightCode !== 0) && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
