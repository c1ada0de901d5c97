import { sql, type Kysely } from 'kysely';

/**
 * Product photographs (decision 027), kept in PostgreSQL: the gateway's replicas of checkout and
 * admin-orders share the database and no volume, so a photo uploaded to one replica is served by
 * every other at once.
 * - photos: one row per distinct original upload; `id` is the hex SHA-256 of the original's bytes,
 *   so a photo's URLs never change and may be cached for a year. The original itself is not kept
 *   (it may carry the owner's GPS position): only its hash, size and type, and the width and height
 *   of the largest variant (oriented upright), which the storefront uses for the aspect ratio.
 * - photo_variants: the resized, metadata-free images served to shoppers, one per width (320, 640,
 *   960, 1280, none wider than the original) and format (AVIF, WebP).
 * - product_photos: which photos a product shows, in order (the first is its main photo), each
 *   with its alt text. A photo no product shows any more is deleted with its variants.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table photos (
      id text primary key check (id ~ '^[0-9a-f]{16,64}$'),
      width integer not null check (width > 0),
      height integer not null check (height > 0),
      original_bytes integer not null check (original_bytes > 0),
      original_type text not null,
      created_at timestamptz not null default now(),
      created_by text not null
    )`.execute(db);
  await sql`
    create table photo_variants (
      photo_id text not null references photos (id) on delete cascade,
      width integer not null check (width in (320, 640, 960, 1280)),
      format text not null check (format in ('avif', 'webp')),
      pixel_width integer not null,
      pixel_height integer not null,
      bytes integer not null,
      data bytea not null,
      primary key (photo_id, width, format)
    )`.execute(db);
  await sql`
    create table product_photos (
      product_id integer not null references products (id),
      photo_id text not null references photos (id),
      position integer not null,
      alt text not null default '' check (length(alt) <= 200),
      added_at timestamptz not null default now(),
      primary key (product_id, photo_id)
    )`.execute(db);
  await sql`create index product_photos_photo on product_photos (photo_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists product_photos`.execute(db);
  await sql`drop table if exists photo_variants`.execute(db);
  await sql`drop table if exists photos`.execute(db);
}
