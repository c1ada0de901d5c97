import { eventually } from '@pickles/test-kit';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { bookedShipment, control, sampleOrder, sandboxPerFile, steps, type TestSandbox } from './helpers.js';

/** The dashboard's HTML, read as a browser would build it (jsdom, no browser): what a person sees and can press. */

/**
 * The little of the DOM these tests touch, typed here: jsdom's own types would bring the browser's
 * globals into the type check of every server file.
 */
interface Element {
  textContent: string | null;
  querySelector(selector: string): Element | null;
  querySelectorAll(selector: string): Iterable<Element> & { length: number };
  getAttribute(name: string): string | null;
  closest(selector: string): Element | null;
  checked?: boolean;
  value?: string;
  disabled?: boolean;
}
type Document = Element & { body: Element };
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string) => { window: { document: Document } } };
let sandbox: TestSandbox;
sandboxPerFile((started) => (sandbox = started));

async function dashboard() {
  const response = await fetch(`${sandbox.url}/sandbox`);
  expect(response.headers.get('content-type')).toContain('text/html');
  return new JSDOM(await response.text()).window.document;
}

const card = (document: Document, awb: string) => document.querySelector(`article[aria-label="AWB ${awb}"]`)!;
const buttons = (element: Element) => [...element.querySelectorAll('button')].map((button) => button.textContent);

describe('GET /sandbox', () => {
  it('with no shipments, says how to book one', async () => {
    const document = await dashboard();
    expect(document.querySelector('h1')?.textContent).toBe('Courier sandbox');
    expect(document.body.textContent).toContain('No shipments yet');
    expect(document.querySelector('h2')?.textContent).toBe('Shipments (0)');
  });

  it('lists shipments newest first, each with its status and only the buttons its phase allows', async () => {
    const first = await bookedShipment(sandbox, 'RP-8001');
    const second = await bookedShipment(sandbox, 'RP-8002');
    await steps(sandbox, second.awb, 'pick-up', 'in-transit', 'out-for-delivery');
    const notAssigned = await sandbox.client.createShipment(sampleOrder('RP-8003'));
    let document = await dashboard();
    expect([...document.querySelectorAll('article .awb')].map((e) => e.textContent)).toEqual([`Shipment ${notAssigned.shipmentId}`, `AWB ${second.awb}`, `AWB ${first.awb}`]);
    expect(card(document, first.awb).querySelector('.badge')?.textContent).toBe('PICKUP SCHEDULED');
    expect(buttons(card(document, first.awb))).toEqual(['Pick up']);
    expect(buttons(card(document, second.awb))).toEqual(['Deliver', 'Fail attempt', 'Return (RTO)']);
    const reasons = [...card(document, second.awb).querySelectorAll('select[name="reason"] option')].map((option) => option.textContent);
    expect(reasons).toEqual(['Customer Not Available', 'Customer Phone Switched Off', 'Incomplete Address', 'Customer Refused To Accept']);
    const deliver = card(document, second.awb).querySelector('button[aria-label^="Deliver"]')!.closest('form')!;
    expect(deliver.getAttribute('method')).toBe('post');
    expect(deliver.getAttribute('action')).toBe(`/sandbox/shipments/${second.awb}/deliver`);
    expect(document.querySelector(`#shipment-${notAssigned.shipmentId} button`)).toBeNull();

    await steps(sandbox, second.awb, ['fail', 'customer-not-available']);
    document = await dashboard();
    const failed = card(document, second.awb);
    expect(failed.querySelector('.badge')?.textContent).toBe('UNDELIVERED');
    expect(failed.textContent).toContain('1 failed, last: Customer Not Available');
    expect(buttons(failed)).toEqual(['Out for delivery', 'Return (RTO)']);
    expect(failed.textContent).toContain('Expected');
    await steps(sandbox, second.awb, 'rto');
    // A parcel on its way back has no delivery to expect.
    expect(card(await dashboard(), second.awb).textContent).not.toContain('Expected');
    await steps(sandbox, second.awb, 'rto-deliver');
    expect(buttons(card(await dashboard(), second.awb))).toEqual([]);
  });

  it('shows the knobs as a form with their current values, and every webhook', async () => {
    await control(sandbox.url, '/knobs', { duplicateWebhooks: true, apiFailureCount: 2, unserviceablePincodes: ['682001', '682002'] });
    const { awb } = await bookedShipment(sandbox, 'RP-8004');
    const document = await dashboard();
    const form = document.querySelector('form[action="/sandbox/knobs"]')!;
    expect(form.querySelector('#knob-duplicateWebhooks')!.checked).toBe(true);
    expect(form.querySelector('#knob-withholdWebhooks')!.checked).toBe(false);
    expect(form.querySelector('#knob-apiFailure')!.value).toBe('none');
    expect(form.querySelector('#knob-apiFailureCount')!.value).toBe('2');
    expect(form.querySelector('#knob-autoRtoAfterAttempts')!.value).toBe('3');
    expect(form.querySelector('#knob-unserviceablePincodes')!.value).toBe('682001, 682002');
    expect([...form.querySelectorAll('legend')].map((legend) => legend.textContent)).toEqual(['Webhooks', 'API', 'Tokens, returns and pincodes']);
    const webhooks = document.querySelector('[aria-label="Webhooks"] tbody')!;
    expect(webhooks.querySelectorAll('tr')).toHaveLength(1);
    expect(webhooks.textContent).toContain(awb);
    expect(webhooks.textContent).toContain('PICKUP SCHEDULED');
  });

  it('lists the 20 newest webhooks and delivery attempts, with why a delivery failed, and points to the rest', async () => {
    // A port nothing listens on: every delivery is refused.
    const closedPort = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    await control(sandbox.url, '/knobs', { webhookUrl: `http://127.0.0.1:${closedPort}/api/courier/webhook`, webhookMaxAttempts: 1 });
    const { awb } = await bookedShipment(sandbox, 'RP-8009');
    await steps(sandbox, awb, 'pick-up', ...Array.from({ length: 20 }, () => 'in-transit'));
    await eventually(async () => sandbox.state.webhooks.idle && sandbox.state.webhooks.deliveries.length === 22, 5_000, 10);
    const document = await dashboard();
    const rows = document.querySelector('[aria-label="Webhook delivery attempts"] tbody')!.querySelectorAll('tr');
    expect(rows).toHaveLength(20);
    expect([...rows][0]!.querySelector('td[data-label="Error"]')!.textContent).toBe('fetch failed (ECONNREFUSED)');
    expect(document.body.textContent).toContain('The 20 newest of 22; every one is in /sandbox/state.');
  });

  it('escapes what shoppers typed', async () => {
    const { awb } = await bookedShipment(sandbox, 'RP-8007');
    sandbox.state.findAwb(awb)!.customer.city = '<img src=x onerror=alert(1)>';
    const html = await (await fetch(`${sandbox.url}/sandbox`)).text();
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    const document = new JSDOM(html).window.document;
    expect(document.querySelector('article img')).toBeNull();
  });

  it('the buttons above the list: release (disabled with nothing withheld), expire tokens, reset', async () => {
    let document = await dashboard();
    const release = document.querySelector('form[action="/sandbox/webhooks/release"] button')!;
    expect(release.textContent).toBe('Release 0 withheld webhooks');
    expect(release.disabled).toBe(true);
    await control(sandbox.url, '/knobs', { withholdWebhooks: true });
    await bookedShipment(sandbox, 'RP-8008');
    document = await dashboard();
    expect(document.querySelector('form[action="/sandbox/webhooks/release"] button')!.disabled).toBe(false);
    expect(buttons(document.querySelector('.bar')!)).toEqual(['Release 1 withheld webhook', 'Expire API tokens', 'Reset everything']);
  });
});
