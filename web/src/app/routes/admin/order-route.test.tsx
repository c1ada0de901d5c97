// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminOrderDetailResponse, BatchDispatchResponse, CreateRefundResponse, OrderRefund, RecordDispatchResponse } from '@pickles/shared';
import { ADMIN_ORDER_MESSAGES } from '@pickles/shared/admin-order-requests';
import { DETAIL_ID, orderDetail, ordersPanel } from '../../../testing/admin-order.js';
import { jsonResponse, stubApi, type StubbedCall } from '../../../testing/api-stub.js';
import AdminRoute from './admin-route.js';
import { asSignedInOwner } from '../../../testing/test-hooks.js';
import { renderRoutes } from '../../../testing/render-routes.js';

const TOKEN = 'header.payload.signature';
const ID = DETAIL_ID;
const PAGE = `/admin/orders/${ID}`;

function detail(patch: Partial<AdminOrderDetailResponse> = {}, orderPatch: Partial<AdminOrderDetailResponse['order']> = {}): AdminOrderDetailResponse {
  return orderDetail(
    {
      history: [
        { fromStatus: null, toStatus: 'created', fromPaymentStatus: null, toPaymentStatus: 'pending', changedBy: 'shopper', reason: null, changedAt: '2026-11-20T06:30:00.000Z' },
        { fromStatus: 'created', toStatus: 'paid', fromPaymentStatus: 'pending', toPaymentStatus: 'paid', changedBy: 'webhook', reason: 'payment.captured', changedAt: '2026-11-20T06:31:00.000Z' },
      ],
      emails: [{ kind: 'order-confirmation', recipient: 'asha@example.in', state: 'sent', sentAt: '2026-11-20T06:31:05.000Z' }],
      ...patch,
    },
    {
      items: [
        { name: 'Royal Chicken Pickle', quantity: 2, price: 450, total: 900 },
        { name: 'Mango Avakaya', quantity: 1, price: 150, total: 150 },
      ],
      ...orderPatch,
    },
  );
}

const refund = (patch: Partial<OrderRefund>): OrderRefund => ({
  id: 'a1d5c7e0-0000-4000-8000-000000000001',
  amount: 300,
  reason: 'One jar broke in transit',
  requestedBy: 'admin:admin',
  requestedAt: '2026-11-21T04:00:00.000Z',
  state: 'processed',
  razorpayRefundId: 'rfnd_AbC123',
  error: null,
  ...patch,
});

function renderAt(url: string) {
  renderRoutes(url, { '/admin/*': <AdminRoute />, '/login': <p>Login page</p> });
  return userEvent.setup();
}

const section = (name: string) => screen.getByRole('region', { name });
const postsTo = (calls: StubbedCall[], route: string) => calls.filter((call) => call.route === route);

asSignedInOwner(TOKEN);

describe('/admin/orders/:id, the order page', () => {
  it('shows the customer, address, items and amounts, payments, refunds, dispatch, history and e-mails', async () => {
    const answer = detail(
      {
        dispatch: { courierId: 'delhivery', courierName: 'Delhivery', awb: '1234567890123', trackingUrl: 'https://www.delhivery.com/track/package/1234567890123', dispatchedAt: '2026-11-21T05:00:00.000Z', recordedBy: 'admin:admin', corrections: 1 },
        refunds: [refund({}), refund({ id: 'r2', amount: 150, state: 'refused', razorpayRefundId: null, error: 'The amount exceeds the refundable amount', reason: 'Customer asked' })],
        refundable: 750,
        emails: [
          { kind: 'order-confirmation', recipient: 'asha@example.in', state: 'sent', sentAt: '2026-11-20T06:31:05.000Z' },
          { kind: 'dispatched', recipient: 'asha@example.in', state: 'sent', sentAt: '2026-11-21T05:00:10.000Z' },
        ],
      },
      { refundedAmount: 300, shipping: 80, amount: 1130 },
    );
    const { calls } = stubApi({ [`GET /admin/orders/${ID}`]: () => jsonResponse(200, answer) });
    renderAt(PAGE);

    expect(await screen.findByRole('heading', { level: 1, name: 'Order RP251120-KX7Q2M' })).toBeTruthy();
    expect(calls[0]?.headers.Authorization).toBe(`Bearer ${TOKEN}`);
    expect(screen.getByRole('link', { name: /All orders/ }).getAttribute('href')).toBe('/admin');

    const customer = section('Customer');
    expect(within(customer).getByText('Asha Verma')).toBeTruthy();
    expect(within(customer).getByRole('link', { name: 'asha@example.in' }).getAttribute('href')).toBe('mailto:asha@example.in');
    expect(within(customer).getByRole('link', { name: '+91 9876543210' })).toBeTruthy();
    expect(customer.textContent).toContain('12B, MG RoadGreen ParkNew Delhi, DelhiPIN 110016');

    const items = within(section('Items'));
    const rows = items.getAllByRole('row').map((row) => row.textContent);
    expect(rows).toEqual(['ItemQtyPriceTotal', 'Royal Chicken Pickle2₹450₹900', 'Mango Avakaya1₹150₹150', 'Subtotal₹1,050', 'Shipping₹80', 'Amount₹1,130', 'Refunded−₹300']);

    expect(within(section('Payments')).getByText('pay_Q1w2E3r4T5y6U7')).toBeTruthy();
    expect(within(section('Payments')).getByText('captured')).toBeTruthy();

    const refunds = section('Refunds');
    expect(refunds.textContent).toContain('Refundable now: ₹750');
    const refundRows = within(refunds).getAllByRole('row').slice(1);
    expect(refundRows.map((row) => within(row).getAllByRole('cell')[2]?.textContent)).toEqual(['Processed', 'RefusedThe amount exceeds the refundable amount']);
    expect(within(refundRows[0]!).getByText('rfnd_AbC123')).toBeTruthy();
    expect(within(refundRows[1]!).getByText('Customer asked')).toBeTruthy();

    const dispatch = section('Dispatch');
    expect(within(dispatch).getByText('Delhivery')).toBeTruthy();
    expect(within(dispatch).getByText('1234567890123')).toBeTruthy();
    expect(within(dispatch).getByRole('link', { name: /Track the parcel/ }).getAttribute('href')).toBe('https://www.delhivery.com/track/package/1234567890123');
    expect(dispatch.textContent).toContain('corrected once');

    const history = within(section('Status history')).getAllByRole('row').slice(1);
    expect(history.map((row) => within(row).getAllByRole('cell').slice(1).map((cell) => cell.textContent))).toEqual([
      ['-', 'created', '- → pending', 'shopper', '-'],
      ['created', 'paid', 'pending → paid', 'webhook', 'payment.captured'],
    ]);

    const emails = within(section('E-mails sent')).getAllByRole('row').slice(1);
    expect(emails.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['Order confirmation', 'Dispatched']);
  });

  it('offers only the status moves the server allows', async () => {
    stubApi({ [`GET /admin/orders/${ID}`]: () => jsonResponse(200, detail({ statusChoices: ['paid', 'delivered'] })) });
    renderAt(PAGE);
    const select = await screen.findByRole('combobox', { name: 'Change status to' });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Select', 'delivered']);
  });

  it('says plainly when the order does not exist, with the way back to the panel', async () => {
    stubApi({ [`GET /admin/orders/${ID}`]: () => jsonResponse(404, { success: false, error: 'Order not found' }) });
    renderAt(PAGE);
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /All orders/ })).toBeTruthy();
  });

  it('says when the order could not be loaded, and Try again loads it', async () => {
    let answers = 0;
    stubApi({ [`GET /admin/orders/${ID}`]: () => (++answers === 1 ? jsonResponse(500, { success: false, error: 'Internal error' }) : jsonResponse(200, detail())) });
    const user = renderAt(PAGE);
    expect(await screen.findByRole('heading', { name: 'The order could not be loaded' })).toBeTruthy();
    expect(screen.getByText('Internal error')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order RP251120-KX7Q2M' })).toBeTruthy();
  });

  it('opens from the order number in the panel', async () => {
    const listed = ordersPanel([{ ...detail().order, items: [{ name: 'Royal Chicken Pickle', quantity: 2 }] }]);
    stubApi({ 'GET /admin/orders': () => jsonResponse(200, listed), [`GET /admin/orders/${ID}`]: () => jsonResponse(200, detail()) });
    const user = renderAt('/admin');
    await user.click(await screen.findByRole('link', { name: 'RP251120-KX7Q2M' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order RP251120-KX7Q2M' })).toBeTruthy();
  });
});

describe('refunds', () => {
  it('asks to confirm "Refund ₹X to the shopper\'s card/UPI?", and a double click sends one request with one key', async () => {
    let release: (response: Response) => void = () => undefined;
    const { calls } = stubApi({
      [`GET /admin/orders/${ID}`]: () => jsonResponse(200, detail()),
      [`POST /admin/orders/${ID}/refunds`]: () => new Promise<Response>((resolve) => (release = resolve)),
    });
    const user = renderAt(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Refund…' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund order RP251120-KX7Q2M' });
    const amount = within(dialog).getByLabelText('Amount (₹)') as HTMLInputElement;
    expect(amount.value).toBe('1050');
    await user.clear(amount);
    await user.type(amount, '300');
    await user.type(within(dialog).getByLabelText('Reason'), 'One jar broke in transit');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText("Refund ₹300 to the shopper's card/UPI?")).toBeTruthy();

    await user.dblClick(within(dialog).getByRole('button', { name: 'Refund ₹300' }));
    expect((within(dialog).getByRole('button', { name: 'Refunding...' }) as HTMLButtonElement).disabled).toBe(true);
    const posts = postsTo(calls, `POST /admin/orders/${ID}/refunds`);
    expect(posts).toHaveLength(1);
    const body = posts[0]!.body as { amount: number; reason: string; requestKey: string };
    expect(body).toMatchObject({ amount: 300, reason: 'One jar broke in transit' });
    expect(body.requestKey).toMatch(/^[0-9a-f-]{36}$/);

    const answer: CreateRefundResponse = { success: true, created: true, refund: refund({ state: 'requested', razorpayRefundId: null }) };
    await act(async () => release(jsonResponse(201, answer)));
    expect(await screen.findByText('Refund of ₹300 requested')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows the server's refusal, and a retry from the same dialog sends the same key", async () => {
    const { calls } = stubApi({
      [`GET /admin/orders/${ID}`]: () => jsonResponse(200, detail()),
      [`POST /admin/orders/${ID}/refunds`]: () => jsonResponse(409, { success: false, error: 'Only ₹750 of this order can still be refunded' }),
    });
    const user = renderAt(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Refund…' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason'), 'Customer asked');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.click(within(dialog).getByRole('button', { name: 'Refund ₹1,050' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Only ₹750 of this order can still be refunded');
    await user.click(within(dialog).getByRole('button', { name: 'Refund ₹1,050' }));
    await waitFor(() => expect(postsTo(calls, `POST /admin/orders/${ID}/refunds`)).toHaveLength(2));
    const [first, second] = postsTo(calls, `POST /admin/orders/${ID}/refunds`).map((call) => (call.body as { requestKey: string }).requestKey);
    expect(second).toBe(first);
  });

  it('refuses an amount above the refundable one or without a reason before asking the server', async () => {
    const { calls } = stubApi({ [`GET /admin/orders/${ID}`]: () => jsonResponse(200, detail({ refundable: 750 })) });
    const user = renderAt(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Refund…' }));
    const dialog = screen.getByRole('dialog');
    const amount = within(dialog).getByLabelText('Amount (₹)');
    await user.clear(amount);
    await user.type(amount, '800');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText('At most ₹750 can be refunded')).toBeTruthy();
    expect(within(dialog).getByText(ADMIN_ORDER_MESSAGES.reason)).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(postsTo(calls, `POST /admin/orders/${ID}/refunds`)).toHaveLength(0);
  });

  it('each opening of the dialog is a new refund with a new key', async () => {
    const { calls } = stubApi({
      [`GET /admin/orders/${ID}`]: () => jsonResponse(200, detail()),
      [`POST /admin/orders/${ID}/refunds`]: () => jsonResponse(201, { success: true, created: true, refund: refund({ state: 'requested' }) }),
    });
    const user = renderAt(PAGE);
    for (let i = 0; i < 2; i++) {
      await user.click(await screen.findByRole('button', { name: 'Refund…' }));
      const dialog = screen.getByRole('dialog');
      const amount = within(dialog).getByLabelText('Amount (₹)');
      await user.clear(amount);
      await user.type(amount, '100');
      await user.type(within(dialog).getByLabelText('Reason'), 'Goodwill');
      await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
      await user.click(within(dialog).getByRole('button', { name: 'Refund ₹100' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
    const keys = postsTo(calls, `POST /admin/orders/${ID}/refunds`).map((call) => (call.body as { requestKey: string }).requestKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('while a refund is with Razorpay the order is fetched every 3 s, and no more once it is processed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers = [
      detail({ refunds: [refund({ state: 'requested', razorpayRefundId: null })], refundable: 750 }),
      detail({ refunds: [refund({ state: 'pending' })], refundable: 750 }),
      detail({ refunds: [refund({ state: 'processed' })], refundable: 750 }),
    ];
    let fetched = 0;
    stubApi({ [`GET /admin/orders/${ID}`]: () => jsonResponse(200, answers[Math.min(fetched++, answers.length - 1)]) });
    renderAt(PAGE);
    expect(await screen.findByText('Requested')).toBeTruthy();
    expect(screen.getByText(/Waiting for Razorpay/)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(await screen.findByText('Pending')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(await screen.findByText('Processed')).toBeTruthy();
    expect(screen.queryByText(/Waiting for Razorpay/)).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(fetched).toBe(3);
  });
});

describe('cancelling a paid order', () => {
  it('offers the refund of the refundable amount right after', async () => {
    let cancelled = false;
    const { calls } = stubApi({
      [`GET /admin/orders/${ID}`]: () => jsonResponse(200, cancelled ? detail({ statusChoices: ['paid', 'cancelled', 'delivered', 'completed'] }, { status: 'cancelled' }) : detail()),
      [`PATCH /admin/orders/${ID}/status`]: () => {
        cancelled = true;
        return jsonResponse(200, { success: true, order: { ...detail().order, status: 'cancelled' } });
      },
    });
    const user = renderAt(PAGE);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Change status to' }), 'cancelled');
    await user.click(screen.getByRole('button', { name: 'Change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund order RP251120-KX7Q2M' });
    expect(postsTo(calls, `PATCH /admin/orders/${ID}/status`)[0]?.body).toEqual({ status: 'cancelled' });
    expect(within(dialog).getByText('The order is cancelled. Refund the shopper now?')).toBeTruthy();
    expect((within(dialog).getByLabelText('Amount (₹)') as HTMLInputElement).value).toBe('1050');
    expect((within(dialog).getByLabelText('Reason') as HTMLTextAreaElement).value).toBe('Order cancelled');
    expect(screen.getByText('Status changed to cancelled')).toBeTruthy();
  });

  it('does not offer a refund for another move', async () => {
    stubApi({
      [`GET /admin/orders/${ID}`]: () => jsonResponse(200, detail()),
      [`PATCH /admin/orders/${ID}/status`]: () => jsonResponse(200, { success: true, order: { ...detail().order, status: 'delivered' } }),
    });
    const user = renderAt(PAGE);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Change status to' }), 'delivered');
    await user.click(screen.getByRole('button', { name: 'Change' }));
    expect(await screen.findByText('Status changed to delivered')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows the server's reason when it refuses the move", async () => {
    stubApi({
      [`GET /admin/orders/${ID}`]: () => jsonResponse(200, detail()),
      [`PATCH /admin/orders/${ID}/status`]: () => jsonResponse(409, { success: false, error: 'Cannot change a paid order to completed' }),
    });
    const user = renderAt(PAGE);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Change status to' }), 'completed');
    await user.click(screen.getByRole('button', { name: 'Change' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Cannot change a paid order to completed');
  });
});

describe('dispatch', () => {
  it('checks the form before asking the server: courier, AWB, and for Other a name and an https link', async () => {
    const { calls } = stubApi({ [`GET /admin/orders/${ID}`]: () => jsonResponse(200, detail()) });
    const user = renderAt(PAGE);
    const form = within(await screen.findByRole('form', { name: 'Record the dispatch' }));
    await user.click(form.getByRole('button', { name: 'Record dispatch' }));
    expect(form.getByText(ADMIN_ORDER_MESSAGES.courierId)).toBeTruthy();
    expect(form.getByText(ADMIN_ORDER_MESSAGES.awb)).toBeTruthy();

    await user.selectOptions(form.getByLabelText('Courier'), 'other');
    await user.type(form.getByLabelText('AWB (tracking number)'), 'XY 12');
    await user.type(form.getByLabelText('Tracking URL'), 'http://track.example.in/XY12');
    await user.click(form.getByRole('button', { name: 'Record dispatch' }));
    expect(form.getByText(ADMIN_ORDER_MESSAGES.courierName)).toBeTruthy();
    expect(form.getByText(ADMIN_ORDER_MESSAGES.awb)).toBeTruthy();
    expect(form.getByText(ADMIN_ORDER_MESSAGES.trackingUrl)).toBeTruthy();
    expect(form.getByLabelText('Tracking URL').getAttribute('aria-invalid')).toBe('true');
    expect(postsTo(calls, `PUT /admin/orders/${ID}/dispatch`)).toHaveLength(0);
  });

  it('records a dispatch, then shows it with the tracking link and can correct it', async () => {
    const recorded: RecordDispatchResponse = {
      success: true,
      created: true,
      dispatch: { courierId: 'other', courierName: 'Professional Couriers', awb: 'PC998877', trackingUrl: 'https://tpcindia.com/track/PC998877', dispatchedAt: '2026-11-21T05:00:00.000Z', recordedBy: 'admin:admin', corrections: 0 },
    };
    let dispatched = false;
    const { calls } = stubApi({
      [`GET /admin/orders/${ID}`]: () => jsonResponse(200, detail({ dispatch: dispatched ? recorded.dispatch : null })),
      [`PUT /admin/orders/${ID}/dispatch`]: () => {
        dispatched = true;
        return jsonResponse(200, recorded);
      },
    });
    const user = renderAt(PAGE);
    const form = within(await screen.findByRole('form', { name: 'Record the dispatch' }));
    await user.selectOptions(form.getByLabelText('Courier'), 'other');
    await user.type(form.getByLabelText('Courier name'), 'Professional Couriers');
    await user.type(form.getByLabelText('AWB (tracking number)'), ' PC998877 ');
    await user.type(form.getByLabelText('Tracking URL'), 'https://tpcindia.com/track/PC998877');
    await user.click(form.getByRole('button', { name: 'Record dispatch' }));

    expect(await screen.findByText(/Dispatch recorded: Professional Couriers PC998877/)).toBeTruthy();
    expect(postsTo(calls, `PUT /admin/orders/${ID}/dispatch`)[0]?.body).toEqual({
      courierId: 'other',
      courierName: 'Professional Couriers',
      awb: 'PC998877',
      trackingUrl: 'https://tpcindia.com/track/PC998877',
    });
    const dispatch = section('Dispatch');
    expect((await within(dispatch).findByRole('link', { name: /Track the parcel/ })).getAttribute('href')).toBe('https://tpcindia.com/track/PC998877');

    await user.click(within(dispatch).getByRole('button', { name: 'Correct dispatch' }));
    const correction = within(screen.getByRole('form', { name: 'Correct the dispatch' }));
    expect((correction.getByLabelText('AWB (tracking number)') as HTMLInputElement).value).toBe('PC998877');
    expect((correction.getByLabelText('Courier name') as HTMLInputElement).value).toBe('Professional Couriers');
  });

  it("sends a known courier without a link (the server fills in the courier's page) and shows the server's refusal", async () => {
    const { calls } = stubApi({
      [`GET /admin/orders/${ID}`]: () => jsonResponse(200, detail()),
      [`PUT /admin/orders/${ID}/dispatch`]: () => jsonResponse(409, { success: false, error: 'Only a paid order can be dispatched' }),
    });
    const user = renderAt(PAGE);
    const form = within(await screen.findByRole('form', { name: 'Record the dispatch' }));
    await user.selectOptions(form.getByLabelText('Courier'), 'delhivery');
    expect(form.getByText("Leave empty to use Delhivery's tracking page")).toBeTruthy();
    await user.type(form.getByLabelText('AWB (tracking number)'), '1234567890123');
    await user.click(form.getByRole('button', { name: 'Record dispatch' }));
    expect((await form.findByRole('alert')).textContent).toBe('Only a paid order can be dispatched');
    expect(postsTo(calls, `PUT /admin/orders/${ID}/dispatch`)[0]?.body).toEqual({ courierId: 'delhivery', awb: '1234567890123' });
  });
});

describe('resend the confirmation e-mail', () => {
  it('asks first, then sends and fetches the order again', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { calls } = stubApi({
      [`GET /admin/orders/${ID}`]: () => jsonResponse(200, detail()),
      [`POST /admin/orders/${ID}/resend-confirmation`]: () => jsonResponse(200, { success: true }),
    });
    const user = renderAt(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Resend confirmation e-mail' }));
    expect(confirm).toHaveBeenCalledWith('Send the order confirmation e-mail to asha@example.in again?');
    expect(postsTo(calls, `POST /admin/orders/${ID}/resend-confirmation`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Resend confirmation e-mail' }));
    expect(await screen.findByText('The confirmation e-mail will be sent again to asha@example.in')).toBeTruthy();
    expect(postsTo(calls, `POST /admin/orders/${ID}/resend-confirmation`)).toHaveLength(1);
    await waitFor(() => expect(postsTo(calls, `GET /admin/orders/${ID}`)).toHaveLength(2));
  });
});

describe('/admin/orders/:id/packing-slip', () => {
  it('shows the address label (name, address, PIN, phone), the order number and the items, and Print prints', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    stubApi({ [`GET /admin/orders/${ID}`]: () => jsonResponse(200, detail()) });
    const user = renderAt(`${PAGE}/packing-slip`);
    const label = await screen.findByRole('region', { name: 'Address label' });
    expect([...label.querySelectorAll('p, address > span')].map((line) => line.textContent)).toEqual([
      'Deliver to',
      'Asha Verma',
      '12B, MG Road',
      'Green Park',
      'New Delhi, Delhi',
      'PIN 110016',
      'Phone +91 9876543210',
      'Order RP251120-KX7Q2M',
    ]);
    const list = within(screen.getByRole('region', { name: 'Packing list' }));
    expect(list.getAllByRole('row').map((row) => [...row.querySelectorAll('th, td')].slice(0, 2).map((cell) => cell.textContent))).toEqual([
      ['Item', 'Quantity'],
      ['Royal Chicken Pickle', '2'],
      ['Mango Avakaya', '1'],
      ['Items in all', '3'],
    ]);
    expect(screen.getByRole('link', { name: /Back to the order/ }).getAttribute('href')).toBe(PAGE);
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('is linked from the order page', async () => {
    stubApi({ [`GET /admin/orders/${ID}`]: () => jsonResponse(200, detail()) });
    renderAt(PAGE);
    expect((await screen.findByRole('link', { name: 'Print packing slip' })).getAttribute('href')).toBe(`${PAGE}/packing-slip`);
  });
});

describe('dispatch from a file (the panel)', () => {
  it('sends the pasted lines and shows how many were recorded and each refused line with its reason', async () => {
    const listed = ordersPanel();
    const answer: BatchDispatchResponse = {
      success: true,
      recorded: [
        { orderId: 'RP251120-AAAAAA', awb: '111', created: true },
        { orderId: 'RP251120-BBBBBB', awb: '222', created: false },
      ],
      refused: [{ line: 3, text: 'RP251120-CCCCCC, pigeon, 333', reason: 'Unknown courier "pigeon"' }],
    };
    const { calls } = stubApi({ 'GET /admin/orders': () => jsonResponse(200, listed), 'POST /admin/orders/dispatch-batch': () => jsonResponse(200, answer) });
    const user = renderAt('/admin');
    await user.click(await screen.findByRole('button', { name: 'Dispatch from a file' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Dispatch from a file' }));
    await user.type(dialog.getByLabelText('One order per line: order number, courier, AWB'), 'RP251120-AAAAAA, delhivery, 111\nRP251120-BBBBBB\tBlue Dart\t222\nRP251120-CCCCCC, pigeon, 333\n\n');
    await user.click(dialog.getByRole('button', { name: 'Record dispatches' }));
    expect((await dialog.findByRole('status')).textContent).toBe('Recorded 2 dispatches; 1 line not recorded:');
    expect(dialog.getByRole('listitem').textContent).toBe('Line 3: RP251120-CCCCCC, pigeon, 333Unknown courier "pigeon"');
    expect(postsTo(calls, 'POST /admin/orders/dispatch-batch')[0]?.body).toEqual({
      lines: 'RP251120-AAAAAA, delhivery, 111\nRP251120-BBBBBB\tBlue Dart\t222\nRP251120-CCCCCC, pigeon, 333\n\n',
    });
    await user.click(dialog.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks for a line when nothing was pasted, without calling the server', async () => {
    const { calls } = stubApi({ 'GET /admin/orders': () => jsonResponse(200, ordersPanel()) });
    const user = renderAt('/admin');
    await user.click(await screen.findByRole('button', { name: 'Dispatch from a file' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Dispatch from a file' }));
    await user.type(dialog.getByLabelText('One order per line: order number, courier, AWB'), '   ');
    await user.click(dialog.getByRole('button', { name: 'Record dispatches' }));
    expect(dialog.getByRole('alert').textContent).toBe(ADMIN_ORDER_MESSAGES.lines);
    expect(postsTo(calls, 'POST /admin/orders/dispatch-batch')).toHaveLength(0);
  });
});
