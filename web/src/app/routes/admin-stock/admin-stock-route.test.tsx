// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminProductStock } from '@pickles/shared/api';
import { STOCK_MESSAGES } from '@pickles/shared/stock';
import { jsonResponse, stubApi, type StubbedCall } from '../../../testing/api-stub.js';
import AdminStockRoute from './admin-stock-route.js';
import { asSignedInOwner } from '../../../testing/test-hooks.js';
import { renderRoutes } from '../../../testing/render-routes.js';

const chicken: AdminProductStock = {
  productId: 1,
  name: 'Royal Chicken Pickle',
  state: 'on-sale',
  batchJars: null,
  reserved: 2,
  sold: 5,
  left: null,
  nextBatchDate: null,
  updatedAt: '2026-11-23T04:30:00Z',
  updatedBy: 'system',
  subscribers: { waiting: 0, toldAtLastOpening: 0 },
};
const kofta: AdminProductStock = { ...chicken, productId: 2, name: 'Shahi Mutton Kofta Pickle', state: 'coming-soon', reserved: 0, sold: 0, left: 0, subscribers: { waiting: 3, toldAtLastOpening: 0 } };

function renderStock(routes: Record<string, (call: StubbedCall) => Response>) {
  const stub = stubApi({ 'GET /admin/stock': () => jsonResponse(200, { success: true, products: [chicken, kofta] }), ...routes });
  renderRoutes('/admin/stock', { '/admin/stock': <AdminStockRoute />, '/login': <p>Login page</p> });
  return { ...stub, user: userEvent.setup() };
}

const card = async (name: string) => within(await screen.findByRole('region', { name }));

asSignedInOwner();

describe('/admin/stock', () => {
  it('without a token it is the login page', () => {
    window.localStorage.clear();
    renderStock({});
    expect(screen.getByText('Login page')).toBeTruthy();
  });

  it('shows each product: state, reserved, sold, left, and the no-limit warning in words', async () => {
    renderStock({});
    const chickenCard = await card('Royal Chicken Pickle');
    expect(chickenCard.getByTestId('stock-reserved').textContent).toBe('2');
    expect(chickenCard.getByTestId('stock-sold').textContent).toBe('5');
    expect(chickenCard.getByTestId('stock-left').textContent).toBe('No limit');
    expect((chickenCard.getByLabelText('State') as HTMLSelectElement).value).toBe('on-sale');
    expect((chickenCard.getByLabelText('Jars in this batch') as HTMLInputElement).value).toBe('');
    expect(chickenCard.getByTestId('stock-no-limit').textContent).toBe('No limit. Nothing stops the shop selling more jars than you have.');
    const koftaCard = await card('Shahi Mutton Kofta Pickle');
    expect((koftaCard.getByLabelText('State') as HTMLSelectElement).value).toBe('coming-soon');
  });

  it('saves a batch: jars, next date and a new batch go to the server, the answer replaces the figures', async () => {
    const saved: AdminProductStock = { ...chicken, batchJars: 10, sold: 0, left: 8, nextBatchDate: '2026-11-30', updatedBy: 'admin' };
    const { calls, user } = renderStock({ 'PUT /admin/stock/1': () => jsonResponse(200, { success: true, product: saved, told: 0 }) });
    const chickenCard = await card('Royal Chicken Pickle');
    await user.type(chickenCard.getByLabelText('Jars in this batch'), '10');
    expect(chickenCard.queryByTestId('stock-no-limit')).toBeNull();
    await user.type(chickenCard.getByLabelText('Next batch date'), '2026-11-30');
    await user.click(chickenCard.getByLabelText('This is a new batch'));
    await user.click(chickenCard.getByRole('button', { name: 'Save' }));

    expect(await chickenCard.findByText('Saved.')).toBeTruthy();
    expect(calls.find((call) => call.route === 'PUT /admin/stock/1')?.body).toEqual({ state: 'on-sale', batchJars: 10, nextBatchDate: '2026-11-30', newBatch: true });
    expect(chickenCard.getByTestId('stock-left').textContent).toBe('8');
    expect(chickenCard.getByTestId('stock-sold').textContent).toBe('0');
    expect((chickenCard.getByLabelText('This is a new batch') as HTMLInputElement).checked).toBe(false);
  });

  it("a batch smaller than what is committed: the server's 409 stands next to the form", async () => {
    const { user } = renderStock({ 'PUT /admin/stock/1': () => jsonResponse(409, { success: false, error: STOCK_MESSAGES.batchTooSmall(7) }) });
    const chickenCard = await card('Royal Chicken Pickle');
    await user.type(chickenCard.getByLabelText('Jars in this batch'), '3');
    await user.click(chickenCard.getByRole('button', { name: 'Save' }));
    expect((await chickenCard.findByRole('alert')).textContent).toBe('7 jars are already reserved or sold in this batch: the batch cannot hold fewer');
    expect(chickenCard.getByTestId('stock-left').textContent).toBe('No limit');
  });

  it('refuses what the server would, in its words, without asking it', async () => {
    const { calls, user } = renderStock({});
    const chickenCard = await card('Royal Chicken Pickle');
    await user.type(chickenCard.getByLabelText('Jars in this batch'), '2.5');
    await user.click(chickenCard.getByRole('button', { name: 'Save' }));
    expect(chickenCard.getByLabelText('Jars in this batch').getAttribute('aria-invalid')).toBe('true');
    expect(chickenCard.getByText('Enter the number of jars in this batch (a whole number), or leave it empty for no limit')).toBeTruthy();
    expect(calls.some((call) => call.route.startsWith('PUT'))).toBe(false);
  });

  it('launches a coming-soon product, and says how many shoppers waiting for it are e-mailed', async () => {
    const { calls, user } = renderStock({
      'PUT /admin/stock/2': () => jsonResponse(200, { success: true, product: { ...kofta, state: 'on-sale', left: null, subscribers: { waiting: 0, toldAtLastOpening: 3 } }, told: 3 }),
    });
    const koftaCard = await card('Shahi Mutton Kofta Pickle');
    expect(koftaCard.getByTestId('stock-subscribers').textContent).toBe('3 shoppers will be e-mailed once when you open the next batch (on sale with jars, or a new batch).');
    expect((await card('Royal Chicken Pickle')).getByTestId('stock-subscribers').textContent).toBe('Nobody is waiting to hear about the next batch.');
    await user.selectOptions(koftaCard.getByLabelText('State'), 'On sale');
    await user.click(koftaCard.getByRole('button', { name: 'Save' }));
    expect(await koftaCard.findByText('Saved. The new batch is being e-mailed to 3 shoppers.')).toBeTruthy();
    expect(koftaCard.getByTestId('stock-subscribers').textContent).toBe('Nobody is waiting to hear about the next batch. The last batch you opened was e-mailed to 3 shoppers.');
    expect(calls.find((call) => call.route === 'PUT /admin/stock/2')?.body).toMatchObject({ state: 'on-sale', batchJars: null });
    expect(koftaCard.getByText('On sale', { selector: '.stock-card__state' })).toBeTruthy();
  });
});
