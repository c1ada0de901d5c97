// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { AdminOrderDetailResponse } from '@pickles/shared';
import { DETAIL_ID, orderDetail } from '../../../testing/admin-order.js';
import { jsonResponse, stubApi, type StubHandler } from '../../../testing/api-stub.js';
import { AdminSessionProvider } from '../../../lib/admin-session/index.js';
import { OrderPage } from './order-page.js';

const TOKEN = 'header.payload.signature';
const ID = DETAIL_ID;
const INVOICE_PATH = `/admin/orders/${ID}/invoice.pdf`;
const NOTE_PATH = `/admin/orders/${ID}/credit-notes/RPC-26-27-000007.pdf`;

function detail(patch: Partial<AdminOrderDetailResponse> = {}): AdminOrderDetailResponse {
  return orderDetail({ invoice: { number: 'RP/26-27/000042', issuedAt: '2026-11-20T06:31:00.000Z', amount: 1050, downloadPath: `/api${INVOICE_PATH}` }, creditNotes: [], ...patch });
}

const pdf = (text: string) => new Response(`%PDF-1.7 ${text}`, { status: 200, headers: { 'Content-Type': 'application/pdf' } });

/** What the page saved: each download's file name and the bytes behind its object URL. */
function catchDownloads() {
  const blobs = new Map<string, Blob>();
  const saved: { name: string; blob: Blob | undefined }[] = [];
  Object.assign(URL, {
    createObjectURL: vi.fn((blob: Blob) => {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, blob);
      return url;
    }),
    revokeObjectURL: vi.fn(),
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.getAttribute('href') ?? '') });
  });
  return saved;
}

function renderPage() {
  render(
    <MemoryRouter initialEntries={[`/admin/orders/${ID}`]}>
      <Routes>
        <Route
          path="/admin/orders/:id"
          element={
            <AdminSessionProvider>
              <OrderPage id={ID} />
            </AdminSessionProvider>
          }
        />
        <Route path="/login" element={<p>Login page</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const section = () => screen.findByRole('region', { name: 'Tax documents' });

/** Opens the page with the invoice's PDF answered by `answer` and clicks its download; gives what the page saved. */
async function downloadInvoiceAnswered(answer: StubHandler) {
  stubApi({
    [`GET /admin/orders/${ID}`]: () => jsonResponse(200, detail()),
    [`GET ${INVOICE_PATH}`]: answer,
  });
  const saved = catchDownloads();
  const user = renderPage();
  await user.click(within(await section()).getByRole('button', { name: 'Download tax invoice RP/26-27/000042' }));
  return saved;
}

beforeEach(() => {
  window.localStorage.setItem('adminToken', TOKEN);
  // Failed calls are logged by the API client; these tests make them on purpose.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('the order page\'s tax documents', () => {
  it('downloads the tax invoice and each credit note with the admin token, saved under the number with dashes', async () => {
    const { calls } = stubApi({
      [`GET /admin/orders/${ID}`]: () =>
        jsonResponse(
          200,
          detail({ creditNotes: [{ number: 'RPC/26-27/000007', issuedAt: '2026-11-21T04:05:00.000Z', amount: 300, downloadPath: `/api${NOTE_PATH}`, razorpayRefundId: 'rfnd_AbC123' }] }),
        ),
      [`GET ${INVOICE_PATH}`]: () => pdf('invoice'),
      [`GET ${NOTE_PATH}`]: () => pdf('credit note'),
    });
    const saved = catchDownloads();
    const user = renderPage();
    const documents = await section();
    expect(documents.textContent).toContain('₹1,050');
    expect(documents.textContent).toContain('rfnd_AbC123');
    expect(within(documents).queryByText(/No tax invoice/)).toBeNull();

    await user.click(within(documents).getByRole('button', { name: 'Download tax invoice RP/26-27/000042' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('RP-26-27-000042.pdf');
    expect(await saved[0]!.blob!.text()).toBe('%PDF-1.7 invoice');
    expect(calls.find((call) => call.route === `GET ${INVOICE_PATH}`)?.headers.Authorization).toBe(`Bearer ${TOKEN}`);

    await user.click(within(documents).getByRole('button', { name: 'Download credit note RPC/26-27/000007' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]!.name).toBe('RPC-26-27-000007.pdf');
    expect(await saved[1]!.blob!.text()).toBe('%PDF-1.7 credit note');
  });

  it('says why there is no invoice, with nothing to download', async () => {
    stubApi({ [`GET /admin/orders/${ID}`]: () => jsonResponse(200, detail({ invoice: null })) });
    renderPage();
    const documents = await section();
    expect(documents.textContent).toContain('No tax invoice (the order is not paid, or was paid before invoicing began)');
    expect(within(documents).queryByRole('button')).toBeNull();
  });

  it("shows the server's reason when the PDF cannot be had, and saves nothing", async () => {
    const saved = await downloadInvoiceAnswered(() => jsonResponse(404, { success: false, error: 'Invoice not found' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Invoice not found');
    expect(saved).toHaveLength(0);
  });

  it('an expired session (401) goes to the login page', async () => {
    const saved = await downloadInvoiceAnswered(() => jsonResponse(401, { success: false, error: 'Unauthorized' }));
    await screen.findByText('Login page');
    expect(window.localStorage.getItem('adminToken')).toBeNull();
    expect(saved).toHaveLength(0);
  });
});
