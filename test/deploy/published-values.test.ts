import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { DEMO_TRACKING_LINK_SECRET, productionProblems } from '@pickles/service-kit';
import { repoRoot } from './support.js';

/**
 * Production mode refuses the values this repository publishes (packages/service-kit/src/production.ts).
 * This keeps that list true: every credential, demo phone number and shop address written in compose,
 * the k8s manifests and examples, .env.example and the local stack script is refused, under the
 * variable that would carry it (a shop address on this machine is refused as local).
 */
const CARRIES: Record<string, string> = {
  RAZORPAY_KEY_ID: 'RAZORPAY_KEY_ID',
  RAZORPAY_KEY_SECRET: 'RAZORPAY_KEY_SECRET',
  RAZORPAY_WEBHOOK_SECRET: 'RAZORPAY_WEBHOOK_SECRET',
  SANDBOX_KEY_ID: 'RAZORPAY_KEY_ID',
  SANDBOX_KEY_SECRET: 'RAZORPAY_KEY_SECRET',
  SANDBOX_WEBHOOK_SECRET: 'RAZORPAY_WEBHOOK_SECRET',
  JWT_SECRET: 'JWT_SECRET',
  ADMIN_PASSWORD_HASH: 'ADMIN_PASSWORD_HASH',
  SMTP_URL: 'SMTP_URL',
  SUPPORT_PHONE: 'SUPPORT_PHONE',
  SHOP_URL: 'SHOP_URL',
  TRACKING_LINK_SECRET: 'TRACKING_LINK_SECRET',
  DEMO_TRACKING_LINK_SECRET: 'TRACKING_LINK_SECRET',
  COURIER_EMAIL: 'COURIER_EMAIL',
  COURIER_PASSWORD: 'COURIER_PASSWORD',
  COURIER_WEBHOOK_TOKEN: 'COURIER_WEBHOOK_TOKEN',
  COURIER_SANDBOX_EMAIL: 'COURIER_EMAIL',
  COURIER_SANDBOX_PASSWORD: 'COURIER_PASSWORD',
  COURIER_SANDBOX_WEBHOOK_TOKEN: 'COURIER_WEBHOOK_TOKEN',
};

const read = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');

/** Every NAME: value pair anywhere in a parsed YAML tree, for the names we care about. */
function pairs(node: unknown, found: [string, string][] = []): [string, string][] {
  if (Array.isArray(node)) for (const item of node) pairs(item, found);
  else if (node && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    // Kubernetes env lists: { name, value }.
    if (typeof record.name === 'string' && typeof record.value === 'string' && record.name in CARRIES) found.push([record.name, record.value]);
    for (const [key, value] of Object.entries(record)) {
      if (key in CARRIES && typeof value === 'string') found.push([key, value]);
      else pairs(value, found);
    }
  }
  return found;
}

function written(): { file: string; name: string; value: string }[] {
  const out: { file: string; name: string; value: string }[] = [];
  const compose = read('docker-compose.yml');
  for (const [name, value] of pairs(parse(compose, { merge: true }))) out.push({ file: 'docker-compose.yml', name, value: value.replaceAll('$$', '$') });
  // Not the production overlay's config: it is the shop's own.
  for (const file of ['k8s/overlays/dev/secret.yaml', 'k8s/base/secret.example.yaml', 'k8s/overlays/dev/razorpay-sandbox.yaml', 'k8s/base/configmap.yaml', 'k8s/overlays/dev/config.yaml']) {
    for (const document of parseAllDocuments(read(file))) for (const [name, value] of pairs(document.toJSON())) out.push({ file, name, value });
  }
  for (const line of read('.env.example').split('\n')) {
    // A value may hold spaces (a phone number); a comment starts at a # after whitespace.
    const match = /^([A-Z_]+)=(.*?)(?:\s+#.*)?$/.exec(line);
    if (match && match[1]! in CARRIES) out.push({ file: '.env.example', name: match[1]!, value: match[2]!.trim() });
  }
  const stack = read('scripts/stack.mjs');
  for (const [key, name] of [['keyId', 'SANDBOX_KEY_ID'], ['keySecret', 'SANDBOX_KEY_SECRET'], ['webhookSecret', 'SANDBOX_WEBHOOK_SECRET']] as const) {
    const match = new RegExp(`${key}: '([^']+)'`).exec(stack);
    if (match) out.push({ file: 'scripts/stack.mjs', name, value: match[1]! });
  }
  for (const [key, name] of [['email', 'COURIER_SANDBOX_EMAIL'], ['password', 'COURIER_SANDBOX_PASSWORD'], ['webhookToken', 'COURIER_SANDBOX_WEBHOOK_TOKEN']] as const) {
    const match = new RegExp(`COURIER_SANDBOX_CREDENTIALS = \\{[^}]*${key}: '([^']+)'`).exec(stack);
    if (match) out.push({ file: 'scripts/stack.mjs', name, value: match[1]! });
  }
  const tracking = /DEMO_TRACKING_LINK_SECRET = '([^']+)'/.exec(stack);
  if (tracking) out.push({ file: 'scripts/stack.mjs', name: 'DEMO_TRACKING_LINK_SECRET', value: tracking[1]! });
  return out;
}

describe('the values production mode refuses', () => {
  it('include every credential the repository writes down', () => {
    const values = written();
    expect(values.length).toBeGreaterThan(15);
    const missing = values.filter(({ name, value }) => productionProblems({ [CARRIES[name]!]: value }).length === 0).map(({ file, name, value }) => `${file}: ${name}=${value}`);
    expect(missing).toEqual([]);
  });

  it('the local stack signs tracking links with service-kit\'s demo key, which checkout and notifications default to', () => {
    expect(written()).toContainEqual({ file: 'scripts/stack.mjs', name: 'DEMO_TRACKING_LINK_SECRET', value: DEMO_TRACKING_LINK_SECRET });
  });
});
