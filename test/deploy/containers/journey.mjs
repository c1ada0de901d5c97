// The purchase journey of `npm run test:deploy`, run by node next to the containers it talks to (in the
// deploy test's runtime container), against a shop deployed from the images:
//   create-order -> pay in the Razorpay sandbox -> verify-payment -> exactly one confirmation e-mail in
//   the mail catcher -> the admin API lists the order paid, with its GST invoice, whose PDF downloads.
// Plain node, no dependencies. Prints one JSON line per step ({ step, ok, detail }) and exits 1 on the
// first step that fails.
//   node journey.mjs '{"gateway":"http://10.89.1.5:3000","sandbox":"http://10.89.1.6:4010","mail":"http://10.89.1.7:8025"}'
// With "shoppers" and "seconds" it is instead a load: that many shoppers buying without pause (create,
// pay, verify) for that long, then one line { step: "load", ok, detail: { purchases, failures } }:
// what the pod replacement check runs while it replaces a pod. With "forwardedFor", every shopper comes
// through a load balancer: each request says its shopper's own address in X-Forwarded-For, as an
// ingress controller does. "clients": true checks that the gateway tells those shoppers apart.
import { randomBytes } from 'node:crypto';

const options = JSON.parse(process.argv[2] ?? '{}');
const { gateway, sandbox, mail, forwardedFor = false } = options;
const ADMIN = { username: 'admin', password: 'pickles-admin' };
const run = randomBytes(4).toString('hex');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

class StepFailed extends Error {}

function report(step, ok, detail) {
  process.stdout.write(`${JSON.stringify({ step, ok, detail })}\n`);
}

/** fetch with a deadline, returning the status, headers and the body as text and, when JSON, parsed. */
async function call(url, { method = 'GET', headers = {}, body, timeoutMs = 15_000 } = {}) {
  const response = await fetch(url, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  let json;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, bytes, json };
}

function expect(condition, message) {
  if (!condition) throw new StepFailed(message);
}

const short = (value) => JSON.stringify(value)?.slice(0, 400);

function orderPayload(n) {
  const quantity = 1 + (n % 2);
  return {
    amount: 500 * quantity + 50 + 50 * quantity,
    customerInfo: { name: `Deploy Shopper ${n}`, email: `deploy-${run}-${n}@example.com`, phone: `98${String(n).padStart(8, '0')}` },
    deliveryAddress: { flatNumber: `Flat ${n}`, street: 'MG Road', area: 'Indiranagar', city: 'Bengaluru', state: 'Karnataka', pincode: '560038' },
    items: [{ itemId: 1, name: 'Royal Chicken Pickle', quantity, price: 500, total: 500 * quantity }],
  };
}

/** Shopper n's own address, in a range no machine of the test has (198.18.0.0/15, RFC 2544). */
const shopperAddress = (n) => `198.${18 + ((n >> 16) & 1)}.${(n >> 8) & 255}.${n & 255}`;
/** The headers an ingress controller adds for shopper n, when the shop is reached through one. */
const through = (n) => (forwardedFor ? { 'x-forwarded-for': shopperAddress(n) } : {});

/** One purchase up to a verified payment; throws StepFailed naming the step that failed. */
async function buy(n, { onStep = () => {} } = {}) {
  const payload = orderPayload(n);
  const created = await call(`${gateway}/api/payment/create-order`, { method: 'POST', headers: { 'idempotency-key': `deploy-${run}-${n}`, ...through(n) }, body: payload });
  expect(created.status === 201 && created.json?.razorpayOrderId, `create-order answered ${created.status}: ${short(created.json ?? created.bytes.toString())}`);
  onStep('create-order', { orderId: created.json.orderId, razorpayOrderId: created.json.razorpayOrderId, amountPaise: created.json.amount });
  const paid = await call(`${sandbox}/sandbox/payments`, { method: 'POST', body: { order_id: created.json.razorpayOrderId, status: 'captured' } });
  expect(paid.status < 300 && paid.json?.razorpay_signature, `the sandbox answered ${paid.status}: ${short(paid.json)}`);
  onStep('pay', { razorpayPaymentId: paid.json.razorpay_payment_id });
  const verified = await call(`${gateway}/api/payment/verify-payment`, {
    method: 'POST',
    headers: through(n),
    body: { razorpay_order_id: paid.json.razorpay_order_id, razorpay_payment_id: paid.json.razorpay_payment_id, razorpay_signature: paid.json.razorpay_signature },
  });
  expect(verified.status === 200 && verified.json?.success === true, `verify-payment answered ${verified.status}: ${short(verified.json)}`);
  onStep('verify-payment', { orderId: verified.json.orderId, amount: verified.json.amount });
  return { email: payload.customerInfo.email, orderId: created.json.orderId };
}

async function journey() {
  let step = 'create-order';
  try {
    const { email, orderId } = await buy(1, {
      onStep: (name, detail) => {
        report(name, true, detail);
        step = { 'create-order': 'pay', pay: 'verify-payment', 'verify-payment': 'confirmation e-mail' }[name];
      },
    });

    // The confirmation travels outbox -> relay -> BullMQ -> worker -> SMTP; the sandbox's webhook for the
    // same payment arrives too, and must not send a second one.
    const confirmations = async () => (await call(`${mail}/api/messages?to=${encodeURIComponent(email)}&subject=${encodeURIComponent('is confirmed')}`)).json?.messages ?? [];
    const deadline = Date.now() + 60_000;
    let found = [];
    while (Date.now() < deadline && found.length === 0) {
      found = await confirmations();
      if (found.length === 0) await sleep(500);
    }
    expect(found.length > 0, `no confirmation e-mail to ${email} in the mail catcher after 60 s`);
    await sleep(5_000);
    found = await confirmations();
    expect(found.length === 1, `${found.length} confirmation e-mails to ${email}, expected exactly one: ${short(found.map((m) => m.subject))}`);
    report('confirmation e-mail', true, { subject: found[0].subject });

    step = 'admin lists the order paid';
    const login = await call(`${gateway}/api/admin/login`, { method: 'POST', body: ADMIN });
    expect(login.status === 200 && login.json?.token, `admin login answered ${login.status}: ${short(login.json)}`);
    const auth = { authorization: `Bearer ${login.json.token}` };
    const listed = await call(`${gateway}/api/admin/orders?search=${encodeURIComponent(email)}`, { headers: auth });
    expect(listed.status === 200, `GET /api/admin/orders answered ${listed.status}: ${short(listed.json)}`);
    const order = listed.json.orders?.find((o) => o.orderId === orderId);
    expect(order, `order ${orderId} is not in the admin list: ${short(listed.json)}`);
    expect(order.status === 'paid' && order.paymentStatus === 'paid', `order ${orderId} is ${order.status}/${order.paymentStatus}, expected paid/paid`);
    expect(order.invoice?.number, `order ${orderId} has no GST invoice: ${short(order)}`);
    report(step, true, { orderId, status: order.status, invoice: order.invoice.number });

    step = 'invoice PDF';
    const pdf = await call(`${gateway}/api/admin/orders/${order._id}/invoice.pdf`, { headers: auth });
    expect(pdf.status === 200 && pdf.headers.get('content-type')?.startsWith('application/pdf') && pdf.bytes.subarray(0, 5).toString() === '%PDF-', `invoice.pdf answered ${pdf.status} ${pdf.headers.get('content-type')} (${pdf.bytes.length} bytes)`);
    report(step, true, { bytes: pdf.bytes.length });
    return true;
  } catch (error) {
    report(step, false, error instanceof StepFailed ? error.message : `${error?.cause?.code ?? ''} ${error?.message ?? error}`.trim());
    return false;
  }
}

/** Shoppers buying without pause until `seconds` pass; every failed request is listed. */
async function load(shoppers, seconds) {
  const until = Date.now() + seconds * 1000;
  let purchases = 0;
  const failures = [];
  let n = 1000;
  await Promise.all(
    Array.from({ length: shoppers }, async () => {
      while (Date.now() < until) {
        const shopper = n++;
        let step = 'create-order';
        try {
          await buy(shopper, { onStep: (name) => (step = { 'create-order': 'pay', pay: 'verify-payment' }[name] ?? step) });
          purchases++;
        } catch (error) {
          failures.push({ shopper, step, at: new Date().toISOString(), error: error instanceof StepFailed ? error.message : `${error?.cause?.code ?? ''} ${error?.message ?? error}`.trim() });
        }
      }
    }),
  );
  report('load', failures.length === 0 && purchases > 0, { shoppers, seconds, purchases, failed: failures.length, failures: failures.slice(0, 20) });
  return failures.length === 0 && purchases > 0;
}

/**
 * Behind a load balancer the gateway must tell shoppers apart by X-Forwarded-For: one shopper who
 * creates more orders than CREATE_ORDER_LIMIT_PER_CLIENT allows in a minute is refused (429), while
 * the next shopper, through the same balancer, is served. Were every shopper one client (the
 * balancer's address), the second would be refused too.
 */
async function clients(limit) {
  const step = 'shoppers told apart behind the load balancer';
  try {
    const first = 500_000;
    const statuses = [];
    for (let i = 0; i <= limit; i++) {
      const answer = await call(`${gateway}/api/payment/create-order`, { method: 'POST', headers: { 'idempotency-key': `deploy-${run}-clients-${i}`, 'x-forwarded-for': shopperAddress(first) }, body: orderPayload(first + i) });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, limit).every((status) => status === 201) && statuses[limit] === 429, `one shopper's ${limit + 1} create-orders answered ${statuses.join(', ')}; expected ${limit} × 201, then 429`);
    const other = await call(`${gateway}/api/payment/create-order`, { method: 'POST', headers: { 'idempotency-key': `deploy-${run}-clients-other`, 'x-forwarded-for': shopperAddress(first + 1) }, body: orderPayload(first + limit + 1) });
    expect(other.status === 201, `the next shopper's create-order answered ${other.status}: ${short(other.json)} (every shopper counted as one client?)`);
    report(step, true, { refusedAfter: limit, nextShopper: other.status });
    return true;
  } catch (error) {
    report(step, false, error instanceof StepFailed ? error.message : `${error?.cause?.code ?? ''} ${error?.message ?? error}`.trim());
    return false;
  }
}

const ok = options.clients ? await clients(options.limit ?? 10) : options.shoppers ? await load(options.shoppers, options.seconds ?? 30) : await journey();
// Not process.exit(): stdout is a pipe here, and exiting at once could cut the last line short.
process.exitCode = ok ? 0 : 1;
