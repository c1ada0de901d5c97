// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CatalogueProduct } from '@pickles/shared/catalogue';
import { PHOTO_MESSAGES, type ProductPhoto } from '@pickles/shared/product-photos';
import { jsonResponse, stubApi, type StubbedCall } from '../../../testing/api-stub.js';
import { prawnProduct } from '../../../testing/catalogue-product.js';
import { ProductPhotosEditor } from './product-photos-editor.js';
import { undoAfterEachTest } from '../../../testing/test-hooks.js';

const A: ProductPhoto = { id: 'a'.repeat(64), alt: 'The jar on a brass plate', width: 1280, height: 960 };
const B: ProductPhoto = { id: 'b'.repeat(64), alt: '', width: 640, height: 640 };


/** The editor as a product screen holds it: the product it answers replaces the one shown. */
function Screen({ initial, seen }: { initial: CatalogueProduct; seen: CatalogueProduct[] }) {
  const [current, setCurrent] = useState(initial);
  return (
    <ProductPhotosEditor
      product={current}
      onProductChange={(next) => {
        seen.push(next);
        setCurrent(next);
      }}
    />
  );
}

function renderEditor(photos: ProductPhoto[]) {
  const seen: CatalogueProduct[] = [];
  render(<Screen initial={prawnProduct(photos)} seen={seen} />);
  return { user: userEvent.setup(), seen };
}

const jpeg = (bytes = 2048, name = 'jar.jpg') => new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });

beforeEach(() => {
  window.localStorage.setItem('adminToken', 'header.payload.signature');
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
});
undoAfterEachTest();

describe('ProductPhotosEditor', () => {
  it('uploads the chosen file with its description at the product’s version, disabled while it goes, and shows the photo after', async () => {
    let release!: () => void;
    const { calls } = stubApi({
      'POST /admin/catalogue/3/photos': () => new Promise<Response>((resolve) => (release = () => resolve(jsonResponse(201, { success: true, product: prawnProduct([A], 5) })))),
    });
    const { user, seen } = renderEditor([]);
    expect(screen.getByText(/No photos yet/)).toBeTruthy();
    await user.upload(screen.getByLabelText('Add a photo'), jpeg());
    await user.type(screen.getByLabelText(/Describe the photo/), 'The jar on a brass plate');
    await user.click(screen.getByRole('button', { name: 'Upload photo' }));

    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Uploading jar.jpg…');
    expect(screen.getByRole('button', { name: 'Uploading…' })).toHaveProperty('disabled', true);
    expect(screen.getByLabelText('Add a photo')).toHaveProperty('disabled', true);
    const call = calls[0] as StubbedCall;
    expect(call.url.searchParams.get('version')).toBe('4');
    expect(call.url.searchParams.get('alt')).toBe('The jar on a brass plate');
    expect(call.headers['Content-Type']).toBe('image/jpeg');

    release();
    const item = await screen.findByTestId('product-photo');
    expect(within(item).getByText('Main photo')).toBeTruthy();
    expect(within(item).getByText('“The jar on a brass plate”')).toBeTruthy();
    expect(item.querySelector('source[type="image/avif"]')?.getAttribute('srcset')).toContain(`/api/catalogue/photos/${A.id}-320.avif 320w`);
    expect(seen.map((each) => each.version)).toEqual([5]);
    expect(screen.getByRole('button', { name: 'Upload photo' })).toHaveProperty('disabled', false);
    expect(screen.getByLabelText(/Describe the photo/)).toHaveProperty('value', '');
  });

  it('refuses a file over 10 MB before sending it, and shows the server’s refusal of a non-photo', async () => {
    const { calls } = stubApi({ 'POST /admin/catalogue/3/photos': () => jsonResponse(415, { success: false, error: PHOTO_MESSAGES.notAnImage }) });
    const { user, seen } = renderEditor([]);
    await user.upload(screen.getByLabelText('Add a photo'), jpeg(10 * 1024 * 1024 + 1, 'huge.jpg'));
    await user.click(screen.getByRole('button', { name: 'Upload photo' }));
    expect((await screen.findByRole('alert')).textContent).toBe(PHOTO_MESSAGES.tooLarge);
    expect(calls).toEqual([]);

    await user.upload(screen.getByLabelText('Add a photo'), jpeg(30, 'recipe.jpg'));
    await user.click(screen.getByRole('button', { name: 'Upload photo' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(PHOTO_MESSAGES.notAnImage));
    expect(calls).toHaveLength(1);
    expect(seen).toEqual([]);
  });

  it('makes a photo the main one, moves and deletes photos, each at the version it has', async () => {
    const { calls } = stubApi({
      'PUT /admin/catalogue/3/photos/order': (call) => jsonResponse(200, { success: true, product: prawnProduct((call.body as { photoIds: string[] }).photoIds.map((id) => (id === A.id ? A : B)), 5) }),
      [`DELETE /admin/catalogue/3/photos/${A.id}`]: () => jsonResponse(200, { success: true, product: prawnProduct([B], 6) }),
    });
    const { user } = renderEditor([A, B]);
    await user.click(screen.getByRole('button', { name: 'Make main' }));
    await waitFor(() => expect(within(screen.getAllByTestId('product-photo')[0]!).queryByText('No description')).toBeTruthy());
    expect(calls[0]!.body).toEqual({ version: 4, photoIds: [B.id, A.id] });

    await user.click(screen.getByRole('button', { name: 'Delete photo 2' }));
    await waitFor(() => expect(screen.getAllByTestId('product-photo')).toHaveLength(1));
    expect(calls[1]!.route).toBe(`DELETE /admin/catalogue/3/photos/${A.id}`);
    expect(calls[1]!.url.searchParams.get('version')).toBe('5');
    expect(screen.queryByRole('button', { name: 'Make main' })).toBeNull();
  });

  it('shows a conflict in the server’s words and keeps the photos as they were', async () => {
    stubApi({ 'PUT /admin/catalogue/3/photos/order': () => jsonResponse(409, { success: false, error: 'This product was changed by someone else since you opened it. Reload it to see their changes, then save again.' }) });
    const { user, seen } = renderEditor([A, B]);
    await user.click(screen.getByRole('button', { name: 'Move photo 2 up' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/changed by someone else/);
    expect(within(screen.getAllByTestId('product-photo')[0]!).getByText('Main photo')).toBeTruthy();
    expect(seen).toEqual([]);
  });
});
