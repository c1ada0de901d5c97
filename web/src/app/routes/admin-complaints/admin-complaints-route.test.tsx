// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminComplaint, AdminComplaintsResponse } from '@pickles/shared/api';
import { COMPLAINT_MESSAGES } from '@pickles/shared/complaints';
import { jsonResponse, stubApi } from '../../../testing/api-stub.js';
import AdminComplaintsRoute from './admin-complaints-route.js';
import { quietFailedCallLog, undoAfterEachTest } from '../../../testing/test-hooks.js';
import { renderRoutes } from '../../../testing/render-routes.js';
import { expectLoginWithoutServerCalls } from '../../../testing/admin-login.js';

const TOKEN = 'header.payload.signature';

const OPEN_LATE: AdminComplaint = {
  id: '7c0c1e9e-0000-4000-8000-000000000001',
  ticketNumber: 'GRV-261101-0007',
  receivedAt: '2026-11-01T04:30:00.000Z',
  name: 'Kavya Menon',
  email: 'kavya@example.in',
  phone: '9876543210',
  orderNumber: 'RP261030-7KQ2XD',
  orderId: '5b0c1e9e-0000-4000-8000-000000000009',
  category: 'damaged',
  message: 'The lid was cracked.\nOil leaked into the box.',
  state: 'open',
  acknowledgeBy: '2026-11-03T04:30:00.000Z',
  acknowledgedAt: null,
  acknowledgedBy: null,
  resolveBy: '2026-12-01T04:30:00.000Z',
  resolvedAt: null,
  resolvedBy: null,
  resolution: null,
  late: { acknowledgement: true, resolution: false },
};

const answer = (complaints: AdminComplaint[], counts = { open: 1, late: 1, resolved: 0 }): AdminComplaintsResponse => ({
  success: true,
  asOf: '2026-11-05T00:00:00.000Z',
  complaints,
  counts,
});

function renderAt(url = '/admin/complaints') {
  renderRoutes(url, { '/admin/complaints': <AdminComplaintsRoute />, '/login': <h1>Admin Login</h1> });
  return userEvent.setup();
}

quietFailedCallLog();
undoAfterEachTest();

describe('/admin/complaints', () => {
  it('without a token goes to the login, asking the server nothing', async () => {
    await expectLoginWithoutServerCalls(renderAt);
  });

  it('lists the open complaints with their deadlines, the late one marked in words, and the counts on the tabs', async () => {
    window.localStorage.setItem('adminToken', TOKEN);
    const { calls } = stubApi({ 'GET /admin/complaints': () => jsonResponse(200, answer([OPEN_LATE])) });
    renderAt();
    const card = await screen.findByRole('article', { name: 'GRV-261101-0007' });
    expect(calls[0]?.url.searchParams.get('state')).toBe('open');
    expect(calls[0]?.headers.Authorization).toBe(`Bearer ${TOKEN}`);
    expect(within(card).getByText('Late')).toBeTruthy();
    expect(within(card).getByText('Acknowledgement late')).toBeTruthy();
    expect(within(card).queryByText('Resolution late')).toBeNull();
    expect(card.textContent).toContain('Acknowledge by3 Nov 2026, 10:00 am IST');
    expect(card.textContent).toContain('Jar damaged or leaking');
    expect(within(card).getByRole('link', { name: 'RP261030-7KQ2XD' }).getAttribute('href')).toBe('/admin/orders/5b0c1e9e-0000-4000-8000-000000000009');
    const tabs = screen.getByRole('navigation', { name: 'Complaints by state' });
    expect(within(tabs).getByRole('link', { current: 'page' }).textContent).toBe('Open 1');
    expect(within(tabs).getByRole('link', { name: 'Late 1' }).getAttribute('href')).toBe('/admin/complaints?state=late');
  });

  it('acknowledges, then resolves with a resolution the schema checks first, updating the card from each answer', async () => {
    window.localStorage.setItem('adminToken', TOKEN);
    const acknowledged: AdminComplaint = { ...OPEN_LATE, acknowledgedAt: '2026-11-05T06:00:00.000Z', acknowledgedBy: 'admin' };
    const resolved: AdminComplaint = {
      ...acknowledged,
      state: 'resolved',
      resolvedAt: '2026-11-06T06:00:00.000Z',
      resolvedBy: 'admin',
      resolution: 'A new jar was sent.',
    };
    const { calls } = stubApi({
      'GET /admin/complaints': () => jsonResponse(200, answer([OPEN_LATE])),
      [`POST /admin/complaints/${OPEN_LATE.id}/acknowledge`]: () => jsonResponse(200, { success: true, complaint: acknowledged }),
      [`POST /admin/complaints/${OPEN_LATE.id}/resolve`]: () => jsonResponse(200, { success: true, complaint: resolved }),
    });
    const user = renderAt();
    const card = await screen.findByRole('article', { name: 'GRV-261101-0007' });

    await user.click(within(card).getByRole('button', { name: 'Acknowledge GRV-261101-0007' }));
    expect(await within(card).findByText('Acknowledged late')).toBeTruthy();
    expect(card.textContent).toContain('Acknowledged 5 Nov 2026, 11:30 am IST by admin');
    expect(within(card).queryByRole('button', { name: /^Acknowledge/ })).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Resolve GRV-261101-0007' }));
    const box = within(card).getByLabelText('Resolution (e-mailed to Kavya Menon)');
    expect(document.activeElement).toBe(box);
    await user.click(within(card).getByRole('button', { name: 'Resolve and e-mail' }));
    expect(within(card).getByText(COMPLAINT_MESSAGES.resolution)).toBeTruthy();
    expect(calls.filter((call) => call.route.endsWith('/resolve'))).toEqual([]);

    await user.type(box, 'A new jar was sent.');
    await user.click(within(card).getByRole('button', { name: 'Resolve and e-mail' }));
    expect(await within(card).findByText('Resolved')).toBeTruthy();
    expect(within(card).getByText('A new jar was sent.')).toBeTruthy();
    expect(card.textContent).toContain('Resolved 6 Nov 2026, 11:30 am IST by admin');
    expect(within(card).queryByRole('button', { name: /^Resolve/ })).toBeNull();
    expect(calls.find((call) => call.route.endsWith('/resolve'))?.body).toEqual({ resolution: 'A new jar was sent.' });
  });

  it('says when the list could not be loaded, and tries again', async () => {
    window.localStorage.setItem('adminToken', TOKEN);
    let attempts = 0;
    stubApi({
      'GET /admin/complaints': () => (++attempts === 1 ? jsonResponse(500, { success: false, error: 'Internal error' }) : jsonResponse(200, answer([]))),
    });
    const user = renderAt('/admin/complaints?state=late');
    expect((await screen.findByRole('alert')).textContent).toContain('The complaints could not be loaded');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No complaint has missed a deadline.')).toBeTruthy();
  });
});
