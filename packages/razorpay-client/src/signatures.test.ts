import { createHmac } from 'node:crypto';
import { validatePaymentVerification, validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils.js';
import { describe, expect, it } from 'vitest';
import { createRazorpayClient, signCheckout, signPaymentLinkCallback, signWebhook } from './index.js';

const keySecret = 'test_key_secret_123';
const webhookSecret = 'test_webhook_secret_456';
const client = createRazorpayClient({ keyId: 'rzp_test_unit', keySecret, webhookSecret, apiBaseUrl: 'http://127.0.0.1:9' });

describe('checkout signature', () => {
  const orderId = 'order_EKwxwAgItmmXdp';
  const paymentId = 'pay_29QQoUBi66xm2f';

  it('is lowercase hex HMAC-SHA256 of order_id|payment_id with the key secret', () => {
    const expected = createHmac('sha256', keySecret).update(`${orderId}|${paymentId}`).digest('hex');
    expect(signCheckout(orderId, paymentId, keySecret)).toBe(expected);
    expect(expected).toMatch(/^[0-9a-f]{64}$/);
  });

  it('validates with the client and with the SDK helper', () => {
    const signature = signCheckout(orderId, paymentId, keySecret);
    expect(client.isValidCheckoutSignature({ orderId, paymentId, signature })).toBe(true);
    expect(validatePaymentVerification({ order_id: orderId, payment_id: paymentId }, signature, keySecret)).toBe(true);
  });

  it('rejects tampered signatures, swapped ids, other secrets and junk', () => {
    const signature = signCheckout(orderId, paymentId, keySecret);
    const flipped = (signature[0] === 'a' ? 'b' : 'a') + signature.slice(1);
    expect(client.isValidCheckoutSignature({ orderId, paymentId, signature: flipped })).toBe(false);
    expect(client.isValidCheckoutSignature({ orderId: 'order_EKwxwAgItmmXdq', paymentId, signature })).toBe(false);
    expect(client.isValidCheckoutSignature({ orderId, paymentId: 'pay_29QQoUBi66xm2g', signature })).toBe(false);
    expect(client.isValidCheckoutSignature({ orderId, paymentId, signature: signCheckout(orderId, paymentId, 'other') })).toBe(false);
    expect(client.isValidCheckoutSignature({ orderId, paymentId, signature: signature.slice(0, 63) })).toBe(false);
    expect(client.isValidCheckoutSignature({ orderId, paymentId, signature: '' })).toBe(false);
    expect(client.isValidCheckoutSignature({ orderId, paymentId, signature: 'zz'.repeat(32) })).toBe(false);
    expect(client.isValidCheckoutSignature({ orderId, paymentId, signature: undefined as unknown as string })).toBe(false);
  });
});

describe('webhook signature', () => {
  const body = '{"entity":"event","event":"payment.captured","payload":{}}';

  it('is HMAC-SHA256 of the raw body with the webhook secret, string or Buffer', () => {
    const signature = signWebhook(body, webhookSecret);
    expect(signature).toBe(createHmac('sha256', webhookSecret).update(body).digest('hex'));
    expect(signWebhook(Buffer.from(body), webhookSecret)).toBe(signature);
    expect(client.isValidWebhookSignature(body, signature)).toBe(true);
    expect(client.isValidWebhookSignature(Buffer.from(body), signature)).toBe(true);
    expect(validateWebhookSignature(body, signature, webhookSecret)).toBe(true);
  });

  it('fails for a re-serialised body, the key secret, a missing header or a tampered body', () => {
    const signature = signWebhook(body, webhookSecret);
    expect(client.isValidWebhookSignature(JSON.stringify(JSON.parse(body), null, 1), signature)).toBe(false);
    expect(client.isValidWebhookSignature(body.replace('captured', 'failed'), signature)).toBe(false);
    expect(client.isValidWebhookSignature(body, signWebhook(body, keySecret))).toBe(false);
    expect(client.isValidWebhookSignature(body, undefined)).toBe(false);
    expect(client.isValidWebhookSignature(body, signature.toUpperCase())).toBe(true);
  });
});

describe('payment link callback signature', () => {
  const callback = { paymentLinkId: 'plink_ExjpAUN3gVHrPJ', referenceId: 'RP-1042', status: 'paid', paymentId: 'pay_29QQoUBi66xm2f' };

  it('is HMAC-SHA256 of link id|reference|status|payment id with the key secret, as the SDK checks it', () => {
    const signature = signPaymentLinkCallback(callback, keySecret);
    expect(signature).toBe(createHmac('sha256', keySecret).update('plink_ExjpAUN3gVHrPJ|RP-1042|paid|pay_29QQoUBi66xm2f').digest('hex'));
    expect(
      validatePaymentVerification(
        { payment_link_id: callback.paymentLinkId, payment_link_reference_id: callback.referenceId, payment_link_status: callback.status, payment_id: callback.paymentId },
        signature,
        keySecret,
      ),
    ).toBe(true);
    expect(client.isValidPaymentLinkCallback({ ...callback, signature })).toBe(true);
    expect(client.isValidPaymentLinkCallback({ ...callback, signature: signature.toUpperCase() })).toBe(true);
  });

  it('rejects another status, reference, link or payment, another secret, and junk', () => {
    const signature = signPaymentLinkCallback(callback, keySecret);
    expect(client.isValidPaymentLinkCallback({ ...callback, status: 'partially_paid', signature })).toBe(false);
    expect(client.isValidPaymentLinkCallback({ ...callback, referenceId: 'RP-1043', signature })).toBe(false);
    expect(client.isValidPaymentLinkCallback({ ...callback, paymentLinkId: 'plink_ExjpAUN3gVHrPK', signature })).toBe(false);
    expect(client.isValidPaymentLinkCallback({ ...callback, paymentId: 'pay_29QQoUBi66xm2g', signature })).toBe(false);
    expect(client.isValidPaymentLinkCallback({ ...callback, signature: signPaymentLinkCallback(callback, 'other') })).toBe(false);
    expect(client.isValidPaymentLinkCallback({ ...callback, signature: signature.slice(1) })).toBe(false);
    expect(client.isValidPaymentLinkCallback({ ...callback, signature: '' })).toBe(false);
    expect(client.isValidPaymentLinkCallback({ ...callback, paymentId: '', signature: signPaymentLinkCallback({ ...callback, paymentId: '' }, keySecret) })).toBe(false);
    expect(client.isValidPaymentLinkCallback({ ...callback, signature: undefined as unknown as string })).toBe(false);
    expect(client.isValidPaymentLinkCallback({ ...callback, referenceId: undefined as unknown as string, signature })).toBe(false);
  });
});
