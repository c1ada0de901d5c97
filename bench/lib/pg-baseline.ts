import pg from 'pg';
import { quantile } from './stats.js';

/**
 * The floor for any request that writes an order: plain single-row INSERTs into PostgreSQL from
 * Node (pg, autocommit), `connections` clients in parallel for `seconds`, on the bench database.
 */
export async function insertBaseline(databaseUrl: string, connections: number, seconds: number) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: connections });
  try {
    await pool.query('create table if not exists bench_insert_baseline (id bigserial primary key, created_at timestamptz not null default now(), payload text not null)');
    const latencies: number[] = [];
    let errors = 0;
    const deadline = performance.now() + seconds * 1000;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: connections }, async () => {
        const client = await pool.connect();
        try {
          while (performance.now() < deadline) {
            const t0 = performance.now();
            try {
              await client.query('insert into bench_insert_baseline (payload) values ($1)', [`row ${t0}`]);
              latencies.push(performance.now() - t0);
            } catch {
              errors += 1;
            }
          }
        } finally {
          client.release();
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    await pool.query('drop table bench_insert_baseline');
    return { insertsPerSecond: latencies.length / elapsed, p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), inserts: latencies.length, errors, seconds: elapsed };
  } finally {
    await pool.end();
  }
}
