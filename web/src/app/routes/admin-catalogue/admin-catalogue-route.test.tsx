// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminProductChange, AdminProductStock } from '@pickles/shared/api';
import { FALLBACK_ART, type CatalogueProduct } from '@pickles/shared/catalogue';
import { CATALOGUE_MESSAGES } from '@pickles/shared/catalogue-input';
import { jsonResponse, stubApi, type StubbedCall } from '../../../testing/api-stub.js';
import AdminCatalogueRoute from './admin-catalogue-route.js';
import { asSignedInOwner } from '../../../testing/test-hooks.js';
import { renderRoutes } from '../../../testing/render-routes.js';

const chicken: CatalogueProduct = {
  id: 1,
  slug: 'royal-chicken-pickle',
  position: 1,
  name: 'Royal Chicken Pickle',
  title: 'North-Indian Style',
  description: 'Tender chicken slow-cooked the century-old way.',
  pricePaise: 50_000,
  displayPricePaise: 60_000,
  discountLabel: 'Inaugural Discount',
  packLabel: 'BOX',
  netGrams: 350,
  art: '/images/royal-chicken-pickle.svg',
  diet: 'non-vegetarian',
  ingredients: 'Chicken, mustard oil, spices.',
  allergens: 'Contains mustard.',
  storage: 'Store in a cool, dry place.',
  bestBefore: '6 months from packing',
  countryOfOrigin: 'India',
  hsn: '1601',
  gstRatePercent: 12,
  archived: false,
  version: 3,
  photos: [],
};
const kofta: CatalogueProduct = { ...chicken, id: 2, slug: 'shahi-mutton-kofta-pickle', position: 2, name: 'Shahi Mutton Kofta Pickle', pricePaise: 100_050, displayPricePaise: null, discountLabel: null, art: null, version: 1 };
const lime: CatalogueProduct = { ...chicken, id: 4, slug: 'lime-pickle', position: 4, name: 'Old Lime Pickle', archived: true, version: 2 };

const stockOf = (productId: number, state: AdminProductStock['state']): AdminProductStock => ({
  productId,
  name: '',
  state,
  batchJars: null,
  reserved: 0,
  sold: 0,
  left: null,
  nextBatchDate: null,
  updatedAt: '2026-11-23T04:30:00Z',
  updatedBy: 'system',
  subscribers: { waiting: 0, toldAtLastOpening: 0 },
});

function renderAt(path: string, routes: Record<string, (call: StubbedCall) => Response> = {}) {
  const stub = stubApi({
    'GET /admin/catalogue': () => jsonResponse(200, { success: true, products: [chicken, kofta, lime] }),
    'GET /admin/stock': () => jsonResponse(200, { success: true, products: [stockOf(1, 'on-sale'), stockOf(2, 'coming-soon')] }),
    ...routes,
  });
  renderRoutes(path, { '/admin/catalogue/*': <AdminCatalogueRoute />, '/login': <p>Login page</p> });
  return { ...stub, user: userEvent.setup() };
}

const row = async (name: string) => within(await screen.findByRole('listitem', { name }));
const pictureOf = (name: string) => screen.getByRole('listitem', { name }).querySelector('img')?.getAttribute('src');

asSignedInOwner();

describe('/admin/catalogue', () => {
  it('without a token it is the login page', () => {
    window.localStorage.clear();
    renderAt('/admin/catalogue');
    expect(screen.getByText('Login page')).toBeTruthy();
  });

  it('lists the products in order with price, state and picture; archived ones apart', async () => {
    renderAt('/admin/catalogue');
    const shown = within(await screen.findByTestId('catalogue-shown'));
    expect(shown.getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual(['Royal Chicken Pickle', 'Shahi Mutton Kofta Pickle']);
    const chickenRow = await row('Royal Chicken Pickle');
    expect(chickenRow.getByTestId('catalogue-price').textContent).toBe('₹500₹600');
    expect(chickenRow.getByText('On sale')).toBeTruthy();
    expect(pictureOf('Royal Chicken Pickle')).toBe('/images/royal-chicken-pickle.svg');
    const koftaRow = await row('Shahi Mutton Kofta Pickle');
    expect(koftaRow.getByTestId('catalogue-price').textContent).toBe('₹1,000.50');
    expect(koftaRow.getByText('Coming soon')).toBeTruthy();
    expect(pictureOf('Shahi Mutton Kofta Pickle')).toBe(FALLBACK_ART);
    const archived = within(screen.getByTestId('catalogue-archived'));
    expect(archived.getByRole('link', { name: 'Old Lime Pickle' }).getAttribute('href')).toBe('/admin/catalogue/4');
    expect(archived.getByText('Archived')).toBeTruthy();
    expect(archived.queryByRole('button')).toBeNull();
  });

  it('says sold out, as the shop does, for a product on sale whose batch has no jars left', async () => {
    const soldOut = { ...stockOf(1, 'on-sale'), batchJars: 24, reserved: 2, sold: 22, left: 0 };
    renderAt('/admin/catalogue', { 'GET /admin/stock': () => jsonResponse(200, { success: true, products: [soldOut, stockOf(2, 'coming-soon')] }) });
    const chickenRow = await row('Royal Chicken Pickle');
    expect(chickenRow.getByText('Sold out')).toBeTruthy();
    expect(chickenRow.queryByText('On sale')).toBeNull();
  });

  it('moves a product down: the whole new order goes to the server, and its answer is the list', async () => {
    const { calls, user } = renderAt('/admin/catalogue', {
      'PUT /admin/catalogue/order': () => jsonResponse(200, { success: true, products: [{ ...kofta, position: 1 }, { ...chicken, position: 2 }, lime] }),
    });
    const chickenRow = await row('Royal Chicken Pickle');
    expect((chickenRow.getByRole('button', { name: 'Move Royal Chicken Pickle up' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(chickenRow.getByRole('button', { name: 'Move Royal Chicken Pickle down' }));
    expect(await screen.findByText(/^Moved Royal Chicken Pickle down/)).toBeTruthy();
    expect(calls.find((call) => call.route === 'PUT /admin/catalogue/order')?.body).toEqual({ productIds: [2, 1], before: [1, 2] });
    const shown = within(screen.getByTestId('catalogue-shown'));
    expect(shown.getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual(['Shahi Mutton Kofta Pickle', 'Royal Chicken Pickle']);
  });

  it('archives only after the owner confirms, with the version it shows', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { calls, user } = renderAt('/admin/catalogue', {
      'POST /admin/catalogue/2/archive': () => jsonResponse(200, { success: true, product: { ...kofta, archived: true, version: 2 } }),
    });
    const koftaRow = await row('Shahi Mutton Kofta Pickle');
    await user.click(koftaRow.getByRole('button', { name: 'Archive Shahi Mutton Kofta Pickle' }));
    expect(calls.some((call) => call.route.startsWith('POST'))).toBe(false);
    await user.click(koftaRow.getByRole('button', { name: 'Archive Shahi Mutton Kofta Pickle' }));
    expect(confirm).toHaveBeenLastCalledWith(expect.stringMatching(/^Archive Shahi Mutton Kofta Pickle\? It leaves the shop at once/));
    expect(calls.find((call) => call.route === 'POST /admin/catalogue/2/archive')?.body).toEqual({ version: 1 });
    const archived = within(await screen.findByTestId('catalogue-archived'));
    expect(archived.getByRole('link', { name: 'Shahi Mutton Kofta Pickle' })).toBeTruthy();
  });
});

describe('/admin/catalogue/new', () => {
  /** Each field as typed in one go (pasted): the form reads text, so this is what typing leaves. */
  const fill = async (user: ReturnType<typeof userEvent.setup>, hsn: string) => {
    const typed: Array<[string, string]> = [
      ['Name', 'Royal Prawn Pickle'],
      ['Title', 'Coastal Recipe'],
      ['Description', 'Prawns in tamarind.'],
      ['Price (₹)', '1,250.50'],
      ['Net quantity (g)', '250'],
      ['Ingredients', 'Prawns, coconut oil.'],
      ['Allergens', 'Contains crustaceans.'],
      ['Storage', 'Refrigerate after opening.'],
      ['Best before', '4 months from packing'],
      ['HSN code', hsn],
    ];
    for (const [label, text] of typed) {
      await user.click(screen.getByLabelText(label));
      await user.paste(text);
    }
    await user.selectOptions(screen.getByLabelText('GST rate'), '5%');
  };

  it("refuses a bad HSN code beside the field without asking the server; sends rupees as the API takes them", async () => {
    const { calls, user } = renderAt('/admin/catalogue/new', {
      'POST /admin/catalogue': () => jsonResponse(201, { success: true, product: { ...kofta, id: 3, name: 'Royal Prawn Pickle' } }),
    });
    await fill(user, '16A5');
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    const hsn = screen.getByLabelText('HSN code');
    expect(hsn.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(hsn.getAttribute('aria-describedby')!.split(' ').at(-1)!)?.textContent).toBe('HSN code must be 4 to 8 digits');
    expect(calls.some((call) => call.route === 'POST /admin/catalogue')).toBe(false);

    await user.clear(hsn);
    await user.type(hsn, '1605');
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    expect(await screen.findByText('Added Royal Prawn Pickle. It is coming soon: put it on sale on the Stock page.')).toBeTruthy();
    expect(calls.find((call) => call.route === 'POST /admin/catalogue')?.body).toMatchObject({ name: 'Royal Prawn Pickle', price: 1250.5, displayPrice: null, discountLabel: null, netGrams: 250, hsn: '1605', gstRatePercent: 5, packLabel: 'BOX', countryOfOrigin: 'India' });
  });

  it("the server's field error stands beside its field, and the form keeps what was typed", async () => {
    const message = CATALOGUE_MESSAGES.duplicateName('Royal Prawn Pickle');
    const { user } = renderAt('/admin/catalogue/new', {
      'POST /admin/catalogue': () => jsonResponse(400, { success: false, error: message, fields: { name: message } }),
    });
    await fill(user, '1605');
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Nothing was saved: correct the fields marked above.');
    expect((screen.getByLabelText('Price (₹)') as HTMLInputElement).value).toBe('1,250.50');
  });
});

describe('/admin/catalogue/{id}', () => {
  const changes: AdminProductChange[] = [
    { version: 3, changedAt: '2026-11-28T05:00:00.000Z', changedBy: 'admin', before: { ...chicken, pricePaise: 45_000 }, after: chicken },
    { version: 1, changedAt: '2026-11-20T05:00:00.000Z', changedBy: 'system', before: null, after: chicken },
  ];

  it('shows the product in its form, its state with the way to Stock, a Photos section and the change log', async () => {
    renderAt('/admin/catalogue/1', { 'GET /admin/catalogue/1/changes': () => jsonResponse(200, { success: true, changes }) });
    expect(((await screen.findByLabelText('Price (₹)')) as HTMLInputElement).value).toBe('500');
    expect((screen.getByLabelText('Struck-through price (₹, optional)') as HTMLInputElement).value).toBe('600');
    expect((screen.getByLabelText('GST rate') as HTMLSelectElement).value).toBe('12');
    expect(screen.getByRole('link', { name: 'Stock page' }).getAttribute('href')).toBe('/admin/stock');
    expect(screen.getByRole('heading', { name: 'Photos' })).toBeTruthy();
    const log = within(await screen.findByTestId('change-log'));
    expect(log.getByTestId('change-3').textContent).toContain('Price₹450 → ₹500');
    expect(log.getByTestId('change-3').textContent).toContain('by admin');
    expect(log.getByTestId('change-1').textContent).toContain('Added the product.');
  });

  it('saves with the version it opened; a 409 says someone else saved and loads their version on request', async () => {
    let catalogueReads = 0;
    const theirs = { ...chicken, title: 'Their Title', version: 4 };
    const { calls, user } = renderAt('/admin/catalogue/1', {
      'GET /admin/catalogue': () => jsonResponse(200, { success: true, products: [catalogueReads++ === 0 ? chicken : theirs, kofta] }),
      'GET /admin/catalogue/1/changes': () => jsonResponse(200, { success: true, changes }),
      'PUT /admin/catalogue/1': () => jsonResponse(409, { success: false, error: CATALOGUE_MESSAGES.conflict }),
    });
    const price = await screen.findByLabelText('Price (₹)');
    await user.clear(price);
    await user.type(price, '475');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(CATALOGUE_MESSAGES.conflict);
    expect(calls.find((call) => call.route === 'PUT /admin/catalogue/1')?.body).toMatchObject({ price: 475, version: 3 });
    // Nothing overwritten, nothing lost: what the owner typed stays until she asks for their version.
    expect((screen.getByLabelText('Price (₹)') as HTMLInputElement).value).toBe('475');
    await user.click(within(alert).getByRole('button', { name: 'Load their version' }));
    expect(await screen.findByDisplayValue('Their Title')).toBeTruthy();
    expect((screen.getByLabelText('Price (₹)') as HTMLInputElement).value).toBe('500');
    expect(screen.getByText('Their version is loaded: make your change again and save.')).toBeTruthy();
  });

  it('an archived product is shown, not edited', async () => {
    renderAt('/admin/catalogue/4', { 'GET /admin/catalogue/4/changes': () => jsonResponse(200, { success: true, changes: [] }) });
    expect(await screen.findByText('Archived: not on the shop and not for sale.')).toBeTruthy();
    expect(screen.getByLabelText('Name').matches(':disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
  });
});
