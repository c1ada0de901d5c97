// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminOrder, ordersPanel } from '../../../testing/admin-order.js';
import { jsonResponse, stubApi } from '../../../testing/api-stub.js';
import AdminRoute from './admin-route.js';
import LoginRoute from './login-route.js';
import { quietFailedCallLog, undoAfterEachTest } from '../../../testing/test-hooks.js';
import { renderRoutes } from '../../../testing/render-routes.js';
import { expectLoginWithoutServerCalls } from '../../../testing/admin-login.js';

const TOKEN = 'header.payload.signature';
const SESSION_EXPIRED = 'Your session has expired. Please log in again.';

const order = adminOrder();

const ordersAnswer = ordersPanel([order]);

const unauthorized = () => jsonResponse(401, { success: false, error: 'Unauthorized' });

function renderAdmin(url = '/admin') {
  return renderRoutes(url, { '/admin/*': <AdminRoute />, '/login': <LoginRoute /> });
}

let alert: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  window.localStorage.clear();
  alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
});
quietFailedCallLog();
undoAfterEachTest();

describe('/admin and the admin session', () => {
  it('without a token shows the login page, with no message and no call to the server', async () => {
    await expectLoginWithoutServerCalls(renderAdmin);
    expect(screen.queryByText(SESSION_EXPIRED)).toBeNull();
  });

  it('with a token shows the panel, and every admin call carries the token as a Bearer header', async () => {
    window.localStorage.setItem('adminToken', TOKEN);
    const { calls } = stubApi({ 'GET /admin/orders': () => jsonResponse(200, ordersAnswer) });
    renderAdmin();
    expect(await screen.findByRole('heading', { name: 'Admin Panel' })).toBeTruthy();
    expect(await screen.findByText('Asha Verma')).toBeTruthy();
    expect(calls.map((call) => call.headers.Authorization)).toEqual([`Bearer ${TOKEN}`]);
  });

  it('before the first list arrives only the heading and "Loading orders..." show; then the attention items, cards and buttons arrive together, so nothing moves under a click', async () => {
    window.localStorage.setItem('adminToken', TOKEN);
    let answer!: () => void;
    const listed = new Promise<void>((resolve) => (answer = resolve));
    const attention = [{ id: 'att-1', kind: 'capture-on-closed-order', message: 'A payment was captured on a cancelled order.', orderId: 'RP260115-7KQ2XD', razorpayPaymentId: 'pay_LATE12345678', amount: 600, createdAt: new Date().toISOString() }];
    stubApi({ 'GET /admin/orders': async () => (await listed, jsonResponse(200, { ...ordersAnswer, attention })) });
    renderAdmin();
    expect(await screen.findByRole('heading', { name: 'Admin Panel' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading orders...');
    expect(screen.queryByRole('button', { name: 'Download Complete Excel' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove Completed/Cancelled Orders' })).toBeNull();
    answer();
    const heading = await screen.findByRole('heading', { name: 'Payments needing attention (1)' });
    const download = screen.getByRole('button', { name: 'Download Complete Excel' });
    // The attention panel is above the buttons from the panel's first paint on.
    expect(heading.compareDocumentPosition(download) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Remove Completed/Cancelled Orders' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByText('Asha Verma')).toBeTruthy();
    expect(alert).not.toHaveBeenCalled();
  });

  it('a 401 while loading the orders clears the token and shows the login page saying the session expired', async () => {
    window.localStorage.setItem('adminToken', TOKEN);
    stubApi({ 'GET /admin/orders': unauthorized });
    renderAdmin();
    expect(await screen.findByText(SESSION_EXPIRED)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Admin Login' })).toBeTruthy();
    expect(window.localStorage.getItem('adminToken')).toBeNull();
    expect(screen.queryByText('Failed to fetch orders')).toBeNull();
  });

  it('a 401 on a status change does the same, without the "Failed to update status" alert', async () => {
    window.localStorage.setItem('adminToken', TOKEN);
    stubApi({
      'GET /admin/orders': () => jsonResponse(200, ordersAnswer),
      [`PATCH /admin/orders/${order._id}/status`]: unauthorized,
    });
    renderAdmin();
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByRole('combobox', { name: `Change status of ${order.orderId}` }), 'delivered');
    expect(await screen.findByText(SESSION_EXPIRED)).toBeTruthy();
    expect(window.localStorage.getItem('adminToken')).toBeNull();
    expect(alert).not.toHaveBeenCalled();
  });

  it('a 401 on an export does the same, without the "Export failed" alert', async () => {
    window.localStorage.setItem('adminToken', TOKEN);
    const { calls } = stubApi({ 'GET /admin/orders': () => jsonResponse(200, ordersAnswer), 'GET /admin/orders/export': unauthorized });
    renderAdmin();
    const user = userEvent.setup();
    await screen.findByText('Asha Verma');
    await user.click(screen.getByRole('button', { name: 'Download View TXT' }));
    expect(await screen.findByText(SESSION_EXPIRED)).toBeTruthy();
    expect(calls.find((call) => call.route === 'GET /admin/orders/export')?.headers).toMatchObject({
      Authorization: `Bearer ${TOKEN}`,
      Accept: 'application/x-ndjson',
    });
    expect(window.localStorage.getItem('adminToken')).toBeNull();
    expect(alert).not.toHaveBeenCalled();
  });

  it('a failure other than 401 keeps the owner on the panel, saying so on the page in the words of docs/product.md §8', async () => {
    window.localStorage.setItem('adminToken', TOKEN);
    stubApi({
      'GET /admin/orders': () => jsonResponse(200, ordersAnswer),
      [`PATCH /admin/orders/${order._id}/status`]: () => jsonResponse(500, { success: false, error: 'Internal error' }),
    });
    renderAdmin();
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByRole('combobox', { name: `Change status of ${order.orderId}` }), 'delivered');
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to update statusDismiss');
    expect(within(screen.getByTestId('panel-notice')).getByText('Failed to update status')).toBeTruthy();
    expect(alert).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Admin Panel' })).toBeTruthy();
    expect(window.localStorage.getItem('adminToken')).toBe(TOKEN);
  });

  it('Logout revokes the token on the server, forgets it and shows the login page saying so', async () => {
    window.localStorage.setItem('adminToken', TOKEN);
    const { calls } = stubApi({
      'GET /admin/orders': () => jsonResponse(200, ordersAnswer),
      'POST /admin/logout': () => jsonResponse(200, { success: true }),
    });
    renderAdmin();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('You have been logged out');
    expect(screen.queryByText(SESSION_EXPIRED)).toBeNull();
    expect(window.localStorage.getItem('adminToken')).toBeNull();
    expect(calls.find((call) => call.route === 'POST /admin/logout')?.headers.Authorization).toBe(`Bearer ${TOKEN}`);
  });
});

describe('/admin?search= (the link in the owner\'s alert e-mails)', () => {
  it('opens the panel with the search filled in and asks the server for that order only', async () => {
    window.localStorage.setItem('adminToken', TOKEN);
    const { calls } = stubApi({ 'GET /admin/orders': () => jsonResponse(200, ordersAnswer) });
    renderAdmin(`/admin?search=${order.orderId}`);
    const search = (await screen.findByRole('searchbox', { name: 'Search' })) as HTMLInputElement;
    expect(search.value).toBe(order.orderId);
    await screen.findByText('Asha Verma');
    expect(calls.map((call) => call.url.searchParams.get('search'))).toEqual([order.orderId]);
  });

  it('without a token goes through the login and comes back to the same search', async () => {
    const { calls } = stubApi({
      'POST /admin/login': () => jsonResponse(200, { success: true, token: TOKEN }),
      'GET /admin/orders': () => jsonResponse(200, ordersAnswer),
    });
    renderAdmin(`/admin?search=${order.orderId}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'pickles-admin');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const search = (await screen.findByRole('searchbox', { name: 'Search' })) as HTMLInputElement;
    expect(search.value).toBe(order.orderId);
    await screen.findByText('Asha Verma');
    expect(calls.filter((call) => call.route === 'GET /admin/orders').map((call) => call.url.searchParams.get('search'))).toEqual([order.orderId]);
  });
});

describe('batch update', () => {
  it('counts exactly the orders the chosen status would change, confirms and sends those, and shows the result under the batch bar until dismissed', async () => {
    window.localStorage.setItem('adminToken', TOKEN);
    const reason = "Cannot set delivered: this order's payment failed";
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { calls } = stubApi({
      'GET /admin/orders': () => jsonResponse(200, { ...ordersAnswer, total: 3 }),
      'GET /admin/orders/ids': () => jsonResponse(200, { success: true, orderIds: [order._id, 'other'] }),
      'PATCH /order/batch-update-status': () =>
        jsonResponse(200, { success: true, status: 'delivered', updatedCount: 1, unchangedCount: 0, refusedCount: 1, refused: [{ _id: 'other', orderId: 'RP250511-FAILED', reason }] }),
    });
    renderAdmin();
    const user = userEvent.setup();
    await screen.findByText('Asha Verma');
    expect(screen.getByRole('button', { name: 'Batch Update (3 visible orders)' })).toBeTruthy();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Batch Status' }), 'delivered');
    // The server says which of the visible orders a batch to delivered would change.
    const button = await screen.findByRole('button', { name: 'Batch Update (2 visible orders)' });
    expect(calls.find((call) => call.route === 'GET /admin/orders/ids')?.url.searchParams.get('settableTo')).toBe('delivered');
    expect(screen.getByText('1 of the 3 visible orders already is delivered or cannot become delivered: left as they are.', { exact: false })).toBeTruthy();
    await user.click(button);
    expect(confirm).toHaveBeenCalledWith('Update 2 visible orders to delivered?');
    expect(calls.find((call) => call.route === 'PATCH /order/batch-update-status')?.body).toEqual({ orderIds: [order._id, 'other'], status: 'delivered' });
    const result = await screen.findByRole('region', { name: 'Batch update result' });
    expect(alert).not.toHaveBeenCalled();
    expect(within(result).getByRole('status').textContent).toBe('Successfully updated 1 orders to delivered. 1 not changed:');
    expect(within(result).getByRole('listitem').textContent).toBe(`${reason} RP250511-FAILED`);
    await user.click(within(result).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'Batch update result' })).toBeNull();
  });

  it('Remove says what it did on the page: nothing to remove, or how many it removed', async () => {
    window.localStorage.setItem('adminToken', TOKEN);
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    let removable: string[] = [];
    stubApi({
      'GET /admin/orders': () => jsonResponse(200, ordersAnswer),
      'GET /admin/orders/ids': () => jsonResponse(200, { success: true, orderIds: removable }),
      'POST /order/remove-multiple': () => jsonResponse(200, { success: true, removedCount: 1, refusedCount: 0 }),
    });
    renderAdmin();
    const user = userEvent.setup();
    await screen.findByText('Asha Verma');
    await user.click(screen.getByRole('button', { name: 'Remove Completed/Cancelled Orders' }));
    expect((await screen.findByTestId('panel-notice')).textContent).toBe('No completed or cancelled orders to removeDismiss');
    removable = [order._id];
    await user.click(screen.getByRole('button', { name: 'Remove Completed/Cancelled Orders' }));
    await waitFor(() => expect(screen.getByTestId('panel-notice').textContent).toBe('Successfully removed 1 ordersDismiss'));
    expect(alert).not.toHaveBeenCalled();
  });
});
