import { createDb, type Db } from '@pickles/db';
import { E2E_PORTS, E2E_STACK_INDEX } from './ports.js';

/** What the global setup tells the workers of each stack it started (E2E_STACKS, by stack index). */
export interface E2eStackRecord {
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
}

/** This worker's stack: its database and Redis prefix from the global setup, its sandboxes' and mail catcher's addresses from its ports. */
export function stackUrls() {
  const stacks = process.env.E2E_STACKS;
  if (!stacks) throw new Error('E2E_STACKS is not set: run through the e2e global setup (npx playwright test)');
  const own = (JSON.parse(stacks) as E2eStackRecord[])[E2E_STACK_INDEX];
  if (!own) throw new Error(`the e2e global setup started no stack ${E2E_STACK_INDEX}`);
  const local = (port: number) => `http://127.0.0.1:${port}`;
  return { ...own, mailUrl: local(E2E_PORTS.mailHttp), sandboxUrl: local(E2E_PORTS.sandbox), courierSandboxUrl: local(E2E_PORTS.courierSandbox) };
}

let db: Db | undefined;
export function shopDb(): Db {
  db ??= createDb({ connectionString: stackUrls().databaseUrl, max: 2 });
  return db;
}

export interface CaughtEmail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export async function emailsAbout(orderNumber: string): Promise<CaughtEmail[]> {
  const response = await fetch(`${stackUrls().mailUrl}/api/messages?subject=${encodeURIComponent(orderNumber)}`);
  const body = (await response.json()) as { messages: CaughtEmail[] };
  return body.messages;
}
