import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as m001 from './migrations/001-initial.js';
import * as m002 from './migrations/002-admin-panel.js';
import * as m003 from './migrations/003-order-lifecycle.js';
import * as m004 from './migrations/004-admin-password-changes.js';
import * as m005 from './migrations/005-personal-data-erasure.js';
import * as m006 from './migrations/006-email-send-lease.js';
import * as m007 from './migrations/007-after-the-payment.js';
import * as m008 from './migrations/008-tax-invoices.js';
import * as m009 from './migrations/009-complaints.js';
import * as m010 from './migrations/010-batch-stock.js';
import * as m011 from './migrations/011-outbox-claims.js';
import * as m012 from './migrations/012-unconfirmed-orders-index.js';
import * as m013 from './migrations/013-document-sequence-range.js';
import * as m014 from './migrations/014-configured-admin-password.js';
import * as m015 from './migrations/015-tracking-link-versions.js';
import * as m016 from './migrations/016-complaint-email-proven.js';
import * as m017 from './migrations/017-delivery-zone.js';
import * as m018 from './migrations/018-superseded-emails.js';
import * as m019 from './migrations/019-search-india-date.js';
import * as m020 from './migrations/020-shipments.js';
import * as m021 from './migrations/021-catalogue.js';
import * as m022 from './migrations/022-product-photos.js';
import * as m023 from './migrations/023-discount-codes.js';
import * as m024 from './migrations/024-batch-subscribers.js';
import * as m025 from './migrations/025-shipment-cancel.js';
import * as m026 from './migrations/026-payment-links.js';
import * as m027 from './migrations/027-events-named-as-facts.js';

/** Migrations as code, listed here so a bundled or compiled build finds them without a folder scan. */
const MIGRATIONS: Record<string, Migration> = {
  '001-initial': m001,
  '002-admin-panel': m002,
  '003-order-lifecycle': m003,
  '004-admin-password-changes': m004,
  '005-personal-data-erasure': m005,
  '006-email-send-lease': m006,
  '007-after-the-payment': m007,
  '008-tax-invoices': m008,
  '009-complaints': m009,
  '010-batch-stock': m010,
  '011-outbox-claims': m011,
  '012-unconfirmed-orders-index': m012,
  '013-document-sequence-range': m013,
  '014-configured-admin-password': m014,
  '015-tracking-link-versions': m015,
  '016-complaint-email-proven': m016,
  '017-delivery-zone': m017,
  '018-superseded-emails': m018,
  '019-search-india-date': m019,
  '020-shipments': m020,
  '021-catalogue': m021,
  '022-product-photos': m022,
  '023-discount-codes': m023,
  '024-batch-subscribers': m024,
  '025-shipment-cancel': m025,
  '026-payment-links': m026,
  '027-events-named-as-facts': m027,
};

class StaticMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return MIGRATIONS;
  }
}

export interface MigrateResult {
  applied: string[];
}

/** Brings the schema up to date. Idempotent; concurrent runs are serialised by kysely's lock table. */
export async function migrateToLatest(db: Kysely<any>): Promise<MigrateResult> {
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider() });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return { applied: (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName) };
}
