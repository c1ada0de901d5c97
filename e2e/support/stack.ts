import { createDb, type Db } from '@pickles/db';

/** The e2e stack's parts, as the global setup exported them. */
export function stackUrls() {
  const need = (name: string) => {
    const value = process.env[name];
    if (!value) throw new Error(`${name} is not set: run through the e2e global setup (npx playwright test)`);
    return value;
  };
  return { databaseUrl: need('E2E_DATABASE_URL'), mailUrl: need('E2E_MAIL_URL'), sandboxUrl: need('E2E_SANDBOX_URL') };
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
