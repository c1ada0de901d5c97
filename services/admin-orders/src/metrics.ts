import { readWithin, type Db } from '@pickles/db';
import { defineCounter, defineGauge, SCRAPE_READ_TIMEOUT_MS, type ScrapeReading } from '@pickles/service-kit';
import { countOpenAttention } from './db/attention.js';

export type LoginFailureReason = 'wrong_password' | 'locked_out';

export const loginFailures = defineCounter('pickles_login_failures_total', 'Refused admin logins: a wrong user name or password, or a client locked out after too many', ['reason']);

export const attentionItemsOpen = defineGauge('pickles_attention_items_open', 'Open attention items (money the owner must look at) by kind, as the admin panel lists them', ['kind']);

/** The open attention items, read at each scrape (one grouped count over the partial index of open items). */
export function attentionReading(db: Db): ScrapeReading {
  return {
    metric: 'pickles_attention_items_open',
    gauges: [attentionItemsOpen],
    read: async () => {
      const counts = await readWithin(db, SCRAPE_READ_TIMEOUT_MS, (trx) => countOpenAttention(trx));
      for (const [kind, open] of Object.entries(counts)) attentionItemsOpen.set({ kind }, open);
    },
  };
}
