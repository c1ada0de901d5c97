import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '@pickles/service-kit';

/**
 * The shop's request limits live in one table (service-kit rate-limits.ts); the README's "Request
 * limits" table and .env.example are that table as an operator reads it, checked here so neither
 * drifts from the code.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
const envExample = readFileSync(path.join(root, '.env.example'), 'utf8');

const WINDOWS: Record<number, string> = { 60: 'minute', 3600: 'hour', 86_400: 'day' };

function expectedRows(): string[] {
  return Object.entries(RATE_LIMITS).map(([name, rule]) =>
    `| \`${name}\` | ${rule.service} | \`${rule.setting}\` | ${rule.points} per ${WINDOWS[rule.perSeconds] ?? `${rule.perSeconds} s`} | ${rule.counts} | ${rule.message} |`);
}

function readmeRows(): string[] {
  const lines = readme.split('\n');
  const heading = lines.indexOf('### Request limits');
  expect(heading, 'README has a "### Request limits" section').toBeGreaterThan(0);
  const header = lines.findIndex((line, i) => i > heading && line.startsWith('| Limit |'));
  const rows: string[] = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(line);
  }
  return rows;
}

describe('the request limits', () => {
  it("the README's table is the code's table, row for row", () => {
    expect(readmeRows()).toEqual(expectedRows());
  });

  it('.env.example sets every limit to its default', () => {
    for (const rule of Object.values(RATE_LIMITS)) {
      expect(envExample, rule.setting).toMatch(new RegExp(`^${rule.setting}=${rule.points}\\b`, 'm'));
    }
  });
});
