import { z } from 'zod';
import { baseEnvSchema, DEMO_TRACKING_LINK_SECRET, portSchema } from '@pickles/service-kit';
import { sellerProfileEnvSchema } from '@pickles/shared/seller-profile';

/** The demo support number: plausible in a demo e-mail, refused in production (PUBLISHED_VALUES). */
export const DEMO_SUPPORT_PHONE = '+91 11 4567 8900';
/** `npm start`'s gateway; production mode refuses a local address. */
export const LOCAL_SHOP_URL = 'http://localhost:3000';

/** The seller profile's grievance officer, named in every complaint e-mail. */
const grievanceOfficerEnvSchema = sellerProfileEnvSchema.pick({
  GRIEVANCE_OFFICER_NAME: true,
  GRIEVANCE_OFFICER_DESIGNATION: true,
  GRIEVANCE_OFFICER_PHONE: true,
  GRIEVANCE_OFFICER_EMAIL: true,
});

/** A live shop names its own grievance officer: the demo's would receive real complaints' replies nowhere. */
export const GRIEVANCE_OFFICER_VARIABLES = ['GRIEVANCE_OFFICER_NAME', 'GRIEVANCE_OFFICER_PHONE', 'GRIEVANCE_OFFICER_EMAIL'] as const;

export const notificationsEnvSchema = baseEnvSchema.extend(grievanceOfficerEnvSchema.shape).extend({
  PORT: portSchema(4004),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, { error: 'expected an smtp:// or smtps:// URL' }).default('smtp://127.0.0.1:1025'),
  MAIL_FROM: z.string().min(3).default('Royal Pickles <orders@royalpickles.in>'),
  OWNER_EMAIL: z.email({ error: 'expected the owner\'s e-mail address' }).default('owner@royalpickles.in'),
  SUPPORT_EMAIL: z.email({ error: 'expected the support e-mail address' }).default('support@royalpickles.in'),
  /** Shown to shoppers in their confirmation, written as they would dial it. */
  SUPPORT_PHONE: z
    .string()
    .trim()
    .regex(/^\+?[0-9][0-9 -]{6,18}[0-9]$/, { error: 'expected a phone number such as +91 11 4567 8900' })
    .default(DEMO_SUPPORT_PHONE),
  /** The shop's public address: the e-mails link to its policies and to orders in the admin panel. */
  SHOP_URL: z.url({ protocol: /^https?$/, error: 'expected the shop\'s address, such as https://royalpickles.in' }).default(LOCAL_SHOP_URL),
  /**
   * Signs the tracking links in shoppers' e-mails; checkout checks them with the same value. The demo
   * default suits a local shop only: production mode requires the shop's own.
   */
  TRACKING_LINK_SECRET: z.string().min(16, { error: 'expected at least 16 random characters, the same value as checkout\'s' }).default(DEMO_TRACKING_LINK_SECRET),
  /** From this hour (India time) the owner gets the day's list of paid orders waiting for dispatch. */
  OWNER_SUMMARY_HOUR: z.coerce.number({ error: 'expected an hour from 0 to 23' }).int().min(0).max(23).default(9),
  /**
   * Events handled at once. A job holds a database connection only for a query, never while it waits
   * on SMTP, so this can exceed the pool: it hides the SMTP round trips while a backlog drains.
   */
  WORKER_CONCURRENCY: z.coerce.number({ error: 'expected a number' }).int().min(1).max(100).default(20),
  /** SMTP connections kept open and reused while there is mail to send; mind the relay's limit on concurrent connections. */
  SMTP_POOL_SIZE: z.coerce.number({ error: 'expected a number of connections' }).int().min(1).max(50).default(10),
  /** How long a job's lock lasts; a worker that dies mid-job gives its job back after this. */
  JOB_LOCK_MS: z.coerce.number({ error: 'expected milliseconds' }).int().min(1000).default(6_000),
  /** First retry delay after a failed send; doubles each attempt up to RETRY_MAX_MS, never giving up. */
  RETRY_BASE_MS: z.coerce.number({ error: 'expected milliseconds' }).int().positive().default(2_000),
  RETRY_MAX_MS: z.coerce.number({ error: 'expected milliseconds' }).int().positive().default(300_000),
  /** An e-mail not recorded as sent this long after its event was published is queued again (Redis lost it). */
  SWEEP_AFTER_SECONDS: z.coerce.number({ error: 'expected seconds' }).int().positive().default(300),
  /** How often the sweeper looks. */
  SWEEP_INTERVAL_SECONDS: z.coerce.number({ error: 'expected seconds' }).int().positive().default(60),
  /** A confirmation still not sent this long after the payment is shown to the owner as needing attention. */
  UNSENT_ALERT_AFTER_HOURS: z.coerce.number({ error: 'expected hours' }).positive().default(24),
});
export type NotificationsEnv = z.infer<typeof notificationsEnvSchema>;
