import jwt from 'jsonwebtoken';
import { eventually, untilNextWholeSecond } from '@pickles/test-kit';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLoginLimiter } from '../src/auth/login-limiter.js';
import { ensureAdmin, setAdminPassword } from '../src/db/admins.js';
import { hashPassword, verifyPassword } from '../src/domain/password.js';
import { call, createAdmin, harnessPerFile, insertOrder, JWT_SECRET, loginToken, MAX_FAILURES, randomIp, startHarness, uniqueTag, type Harness } from './helpers.js';

let h: Harness;
harnessPerFile((started) => (h = started));

describe('the configured admin and stronger hashes', () => {
  it('ADMIN_USERNAME/ADMIN_PASSWORD_HASH: created once; a different hash is applied and ends the sessions; the same one leaves a later admin:create alone', async () => {
    const username = `configured-${randomIp()}`;
    const cheap = { N: 1024, r: 8, p: 1 };
    const login = (password: string) => call(h.app, 'POST', '/api/admin/login', { body: { username, password }, headers: { 'x-forwarded-for': randomIp() } });
    const configured = await hashPassword('from-configuration', cheap);
    expect(await ensureAdmin(h.db, username, configured)).toBe('created');
    const session = (await login('from-configuration')).body.token as string;
    expect((await call(h.app, 'GET', '/api/admin/orders', { token: session })).status).toBe(200);

    // The owner changes the password with the CLI; the configuration, unchanged, leaves it.
    await setAdminPassword(h.db, username, await hashPassword('set-by-the-owner', cheap));
    expect(await ensureAdmin(h.db, username, configured)).toBe('unchanged');
    expect((await login('set-by-the-owner')).status).toBe(200);

    // The configuration is rotated: applied at the next start, never silently kept; sessions end.
    const later = (await login('set-by-the-owner')).body.token as string;
    await untilNextWholeSecond(); // tokens carry their issue time in whole seconds
    expect(await ensureAdmin(h.db, username, await hashPassword('rotated', cheap))).toBe('applied');
    expect((await login('set-by-the-owner')).status).toBe(401);
    expect((await login('rotated')).status).toBe(200);
    expect((await call(h.app, 'GET', '/api/admin/orders', { token: later })).status).toBe(401);
  });

  it("an admin that existed before configuration named it (the demo's on the same database) takes the configured hash", async () => {
    const username = `demo-${randomIp()}`;
    await setAdminPassword(h.db, username, await hashPassword('pickles-admin', { N: 1024, r: 8, p: 1 }));
    expect(await ensureAdmin(h.db, username, await hashPassword('the-owners-own', { N: 1024, r: 8, p: 1 }))).toBe('applied');
    const row = await h.db.selectFrom('admin_users').select('password_hash').where('username', '=', username).executeTakeFirstOrThrow();
    expect(await verifyPassword('pickles-admin', row.password_hash)).toBe(false);
    expect(await verifyPassword('the-owners-own', row.password_hash)).toBe(true);
  });

  it('a login with a hash made with weaker parameters upgrades it, and the session stays valid', async () => {
    const admin = await createAdmin(h.db);
    const login = await call(h.app, 'POST', '/api/admin/login', { body: admin, headers: { 'x-forwarded-for': randomIp() } });
    expect(login.status).toBe(200);
    const row = await h.db.selectFrom('admin_users').select('password_hash').where('username', '=', admin.username).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword(admin.password, row.password_hash)).toBe(true);
    expect((await call(h.app, 'GET', '/api/admin/orders', { token: login.body.token })).status).toBe(200);
  });
});

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong or malformed one', async () => {
    const hash = await hashPassword('s3cret pickles', { N: 1024, r: 8, p: 1 });
    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$[^$]+\$[^$]+$/);
    expect(hash).not.toContain('s3cret');
    expect(await verifyPassword('s3cret pickles', hash)).toBe(true);
    expect(await verifyPassword('s3cret pickle', hash)).toBe(false);
    expect(await verifyPassword('s3cret pickles', 'plain-text')).toBe(false);
  });
});

describe('POST /api/admin/login', () => {
  it('answers a token for the right password and 401 Invalid credentials otherwise', async () => {
    const admin = await createAdmin(h.db);
    const ok = await call(h.app, 'POST', '/api/admin/login', { body: admin, headers: { 'x-forwarded-for': randomIp() } });
    expect(ok.status).toBe(200);
    expect(ok.body.success).toBe(true);
    const claims = jwt.verify(ok.body.token, JWT_SECRET) as jwt.JwtPayload;
    expect(claims.sub).toBe(admin.username);
    expect(claims.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect(claims.exp! - claims.iat!).toBe(900);

    const bad = await call(h.app, 'POST', '/api/admin/login', { body: { ...admin, password: 'nope' }, headers: { 'x-forwarded-for': randomIp() } });
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({ success: false, error: 'Invalid credentials' });

    const unknown = await call(h.app, 'POST', '/api/admin/login', { body: { username: 'nobody-here', password: 'x' }, headers: { 'x-forwarded-for': randomIp() } });
    expect(unknown.status).toBe(401);
  });

  it('requires both fields with the spec messages', async () => {
    const res = await call(h.app, 'POST', '/api/admin/login', { body: { username: ' ', password: '' } });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ username: 'Username is required', password: 'Password is required' });
  });

  it('locks out one (username, client) pair after the configured failures, with Retry-After; the owner elsewhere still logs in', async () => {
    const admin = await createAdmin(h.db);
    const stranger = randomIp();
    for (let i = 0; i < MAX_FAILURES; i++) {
      const res = await call(h.app, 'POST', '/api/admin/login', { body: { ...admin, password: 'wrong' }, headers: { 'x-forwarded-for': stranger } });
      expect(res.status).toBe(401);
    }
    const blocked = await call(h.app, 'POST', '/api/admin/login', { body: admin, headers: { 'x-forwarded-for': stranger } });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.body.error).toMatch(/Too many failed login attempts/);
    expect(blocked.body.token).toBeUndefined();
    // The stranger's guesses do not lock the owner out of their own connection.
    const owner = await call(h.app, 'POST', '/api/admin/login', { body: admin, headers: { 'x-forwarded-for': randomIp() } });
    expect(owner.status).toBe(200);
  });

  it('40 wrong passwords sent at once are checked at most the allowed number of times', async () => {
    const admin = await createAdmin(h.db);
    const ip = randomIp();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => call(h.app, 'POST', '/api/admin/login', { body: { ...admin, password: 'wrong' }, headers: { 'x-forwarded-for': ip } })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(MAX_FAILURES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - MAX_FAILURES);
  });

  it('answers 429 once one client has spent its budget across many usernames; other clients are unaffected', async () => {
    const ip = randomIp();
    let firstRefusal = -1;
    for (let i = 0; i < MAX_FAILURES * 10 + 1; i++) {
      const res = await call(h.app, 'POST', '/api/admin/login', { body: { username: `guess-${i}-${ip}`, password: 'wrong' }, headers: { 'x-forwarded-for': ip } });
      if (res.status === 429 && firstRefusal < 0) firstRefusal = i;
    }
    expect(firstRefusal).toBe(MAX_FAILURES * 10);
    const admin = await createAdmin(h.db);
    expect((await call(h.app, 'POST', '/api/admin/login', { body: admin, headers: { 'x-forwarded-for': ip } })).status).toBe(429);
    expect((await call(h.app, 'POST', '/api/admin/login', { body: admin, headers: { 'x-forwarded-for': randomIp() } })).status).toBe(200);
    // 51 password checks, each deliberately slow (scrypt): about 25 s on a quiet 2-core machine.
  }, 90_000);

  it("the owner's successful logins spend nothing of the address's budget", async () => {
    // One failure per pair, so the address's budget across usernames is 10 attempts.
    const tight = await startHarness({ loginMaxFailures: 1 });
    try {
      const admin = await createAdmin(tight.db);
      const office = randomIp();
      const answers: number[] = [];
      for (let i = 0; i < 12; i++) answers.push((await call(tight.app, 'POST', '/api/admin/login', { body: admin, headers: { 'x-forwarded-for': office } })).status);
      expect(answers).toEqual(Array(12).fill(200));
    } finally {
      await tight.close();
    }
    // 13 password checks, each deliberately slow (scrypt): over 30 s on a slow machine under load.
  }, 90_000);

  it("a stranger sharing the owner's address cannot lock out the browser the owner logged in with before", async () => {
    const admin = await createAdmin(h.db);
    const shared = randomIp();
    const first = await call(h.app, 'POST', '/api/admin/login', { body: admin, headers: { 'x-forwarded-for': shared } });
    expect(first.status).toBe(200);
    const cookie = first.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^rp_admin_device=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{32}; Path=\/api\/admin\/login; Max-Age=7776000; HttpOnly; SameSite=Strict$/);
    const device = cookie.split(';')[0]!;
    // The stranger, on the same address (a carrier's NAT), guesses until locked out.
    const guesses: number[] = [];
    for (let i = 0; i <= MAX_FAILURES; i++) guesses.push((await call(h.app, 'POST', '/api/admin/login', { body: { ...admin, password: 'guess' }, headers: { 'x-forwarded-for': shared } })).status);
    expect(guesses).toEqual([...Array(MAX_FAILURES).fill(401), 429]);
    // The owner's browser still logs in; a forged or another admin's cookie counts for nothing.
    const owner = await call(h.app, 'POST', '/api/admin/login', { body: admin, headers: { 'x-forwarded-for': shared, cookie: device } });
    expect(owner.status).toBe(200);
    const forged = await call(h.app, 'POST', '/api/admin/login', { body: admin, headers: { 'x-forwarded-for': shared, cookie: `${device.slice(0, -3)}abc` } });
    expect(forged.status).toBe(429);
    const other = await createAdmin(h.db);
    const elsewhere = await call(h.app, 'POST', '/api/admin/login', { body: other, headers: { 'x-forwarded-for': shared, cookie: device } });
    expect(elsewhere.status).toBe(200);
    // About a dozen scrypt checks, like the test above.
  }, 90_000);

  it('a success clears the pair\'s counter', async () => {
    const admin = await createAdmin(h.db);
    const ip = randomIp();
    for (let i = 0; i < MAX_FAILURES - 1; i++) {
      await call(h.app, 'POST', '/api/admin/login', { body: { ...admin, password: 'wrong' }, headers: { 'x-forwarded-for': ip } });
    }
    expect((await call(h.app, 'POST', '/api/admin/login', { body: admin, headers: { 'x-forwarded-for': ip } })).status).toBe(200);
    for (let i = 0; i < MAX_FAILURES - 1; i++) {
      await call(h.app, 'POST', '/api/admin/login', { body: { ...admin, password: 'wrong' }, headers: { 'x-forwarded-for': ip } });
    }
    expect((await call(h.app, 'POST', '/api/admin/login', { body: admin, headers: { 'x-forwarded-for': ip } })).status).toBe(200);
  });

  it('each lockout of a pair lasts twice the one before', async () => {
    const prefix = `${process.env.REDIS_PREFIX}:lockout-${randomIp()}`;
    const limiter = createLoginLimiter(h.redis, prefix, 2, 1);
    const lockout = async () => {
      for (;;) {
        try {
          await limiter.takeAttempt('203.0.113.9', 'owner');
        } catch (error) {
          return (error as { retryAfterSeconds?: number }).retryAfterSeconds;
        }
      }
    };
    // The lockout is the pair's key blocked in Redis for its length: gone means it is over.
    const lockoutOver = () => eventually(async () => (await h.redis.exists(`${prefix}:admin-login:pair:owner|203.0.113.9`)) === 0, 5_000, 20);
    expect(await lockout()).toBe(1);
    await lockoutOver();
    expect(await lockout()).toBe(2);
    await lockoutOver();
    expect(await lockout()).toBe(4);
    await limiter.recordSuccess('203.0.113.9', 'owner');
    expect(await lockout()).toBe(1);
  });
});

describe('the token is checked before a byte of the body is read', () => {
  it('a malformed or huge body without a valid token is answered 401, never parsed; with one, admin bodies are small', async () => {
    for (const [path, method] of [['/api/order/batch-update-status', 'PATCH'], ['/api/order/remove-multiple', 'POST'], [`/api/admin/orders/${crypto.randomUUID()}/status`, 'PATCH']] as const) {
      for (const body of ['{"orderIds": [', JSON.stringify({ orderIds: Array.from({ length: 50_000 }, () => crypto.randomUUID()) })]) {
        const res = await fetch(`${h.app.url}${path}`, { method, headers: { 'content-type': 'application/json', authorization: 'Bearer forged.token.here' }, body });
        expect(res.status, `${path} ${body.length} bytes`).toBe(401);
        expect(((await res.json()) as { error: string }).error).toBe('Invalid token');
      }
    }
    const { token } = await loginToken(h.app, h.db);
    const order = await insertOrder(h.db, { tag: uniqueTag() });
    const padded = await call(h.app, 'PATCH', `/api/admin/orders/${order.id}/status`, { token, body: { status: 'delivered', pad: 'x'.repeat(100_000) } });
    expect(padded.status).toBe(413);
    expect((await h.db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow()).status).toBe('paid');
    // The bulk actions take the ids of a hundred thousand orders.
    const many = await call(h.app, 'PATCH', '/api/order/batch-update-status', { token, body: { orderIds: [order.id, ...Array.from({ length: 99_999 }, () => crypto.randomUUID())], status: 'delivered' } });
    expect(many.status).toBe(200);
    expect(many.body).toMatchObject({ updatedCount: 1 });
  });
});

describe('admin routes refuse missing, forged, expired and revoked tokens and change nothing', () => {
  let orderId: string;
  let revoked: string;
  const tokens: Record<string, () => string | undefined> = {};

  beforeAll(async () => {
    const order = await insertOrder(h.db, { tag: uniqueTag(), status: 'completed' });
    orderId = order.id;
    const { token, username } = await loginToken(h.app, h.db);
    const logout = await call(h.app, 'POST', '/api/admin/logout', { token });
    expect(logout.status).toBe(200);
    revoked = token;
    tokens.missing = () => undefined;
    tokens.garbage = () => 'not.a.jwt';
    tokens.forged = () => jwt.sign({}, 'another-secret-another-secret-another-secret', { algorithm: 'HS256', subject: username, jwtid: crypto.randomUUID(), expiresIn: 900, issuer: 'royal-pickles/admin-orders' });
    tokens.unsigned = () => jwt.sign({ sub: username, jti: crypto.randomUUID(), iss: 'royal-pickles/admin-orders' }, '', { algorithm: 'none' } as jwt.SignOptions);
    tokens.expired = () => jwt.sign({ exp: Math.floor(Date.now() / 1000) - 10 }, JWT_SECRET, { algorithm: 'HS256', subject: username, jwtid: crypto.randomUUID(), issuer: 'royal-pickles/admin-orders' });
    tokens.revoked = () => revoked;
  });

  const routes = (id: () => string) => [
    ['POST', '/api/admin/logout', undefined],
    ['GET', '/api/admin/orders', undefined],
    ['GET', '/api/admin/orders/export', undefined],
    ['GET', `/api/admin/orders/${id()}/history`, undefined],
    ['PATCH', `/api/admin/orders/${id()}/status`, { status: 'cancelled' }],
    ['PATCH', '/api/order/batch-update-status', { orderIds: [id()], status: 'cancelled' }],
    ['POST', '/api/order/remove-multiple', { orderIds: [id()] }],
  ] as const;

  for (const kind of ['missing', 'garbage', 'forged', 'unsigned', 'expired', 'revoked']) {
    it(`with a ${kind} token every admin route answers 401`, async () => {
      for (const [method, path, body] of routes(() => orderId)) {
        const res = await call(h.app, method, path, { token: tokens[kind]!(), body });
        expect(res.status, `${method} ${path}`).toBe(401);
        expect(res.body.success).toBe(false);
        expect(typeof res.body.error).toBe('string');
        if (kind === 'expired') expect(res.body.error).toBe('Session expired, please log in again');
      }
      const row = await h.db.selectFrom('orders').select(['status']).where('id', '=', orderId).executeTakeFirst();
      expect(row?.status).toBe('completed');
      expect(await h.db.selectFrom('archived_orders').select('order_id').where('order_id', '=', orderId).executeTakeFirst()).toBeUndefined();
      expect(await h.db.selectFrom('order_status_history').select('id').where('order_id', '=', orderId).executeTakeFirst()).toBeUndefined();
    });
  }

  it('the token still works before logout and is refused after it', async () => {
    const { token } = await loginToken(h.app, h.db);
    expect((await call(h.app, 'GET', '/api/admin/orders', { token })).status).toBe(200);
    expect((await call(h.app, 'POST', '/api/admin/logout', { token })).status).toBe(200);
    const after = await call(h.app, 'GET', '/api/admin/orders', { token });
    expect(after.status).toBe(401);
    const row = await h.db.selectFrom('revoked_tokens').selectAll().where('jti', '=', (jwt.decode(token) as jwt.JwtPayload).jti!).executeTakeFirst();
    expect(row).toBeDefined();
  });
});
