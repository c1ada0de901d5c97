// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { PRODUCTS, FALLBACK_ART } from '@pickles/shared/catalogue';
import { PICTURE_SIZES, ProductPicture } from './product-picture.js';

const PHOTO = { id: '0123456789abcdef'.repeat(4), alt: 'Chicken pickle in a brass bowl', width: 960, height: 1280 };
afterEach(cleanup);

describe('ProductPicture', () => {
  it('shows the main photo as AVIF then WebP at the widths it has, its size reserved, high priority when it is the page’s largest paint', () => {
    const { container } = render(<ProductPicture product={{ ...PRODUCTS[0]!, photos: [PHOTO] }} sizes={PICTURE_SIZES.page} priority />);
    const sources = [...container.querySelectorAll('source')];
    expect(sources.map((source) => [source.getAttribute('type'), source.getAttribute('srcset'), source.getAttribute('sizes')])).toEqual([
      ['image/avif', `/api/catalogue/photos/${PHOTO.id}-320.avif 320w, /api/catalogue/photos/${PHOTO.id}-640.avif 640w, /api/catalogue/photos/${PHOTO.id}-960.avif 960w`, PICTURE_SIZES.page],
      ['image/webp', `/api/catalogue/photos/${PHOTO.id}-320.webp 320w, /api/catalogue/photos/${PHOTO.id}-640.webp 640w, /api/catalogue/photos/${PHOTO.id}-960.webp 960w`, PICTURE_SIZES.page],
    ]);
    const img = screen.getByRole('img', { name: PHOTO.alt });
    expect([img.getAttribute('src'), img.getAttribute('width'), img.getAttribute('height'), img.getAttribute('loading'), img.getAttribute('fetchpriority')]).toEqual([
      `/api/catalogue/photos/${PHOTO.id}-640.webp`,
      '960',
      '1280',
      'eager',
      'high',
    ]);
  });

  it('waits to load any other photo, and names it by the product when the photo has no description', () => {
    render(<ProductPicture product={{ ...PRODUCTS[0]!, photos: [{ ...PHOTO, alt: '' }] }} sizes={PICTURE_SIZES.grid} />);
    const img = screen.getByRole('img', { name: PRODUCTS[0]!.name });
    expect([img.getAttribute('loading'), img.getAttribute('fetchpriority')]).toEqual(['lazy', 'auto']);
  });

  it('draws a jar with the product’s name on its label for a product with neither photo nor drawing, and the drawing otherwise', () => {
    render(<ProductPicture product={{ ...PRODUCTS[0]!, name: 'Royal Prawn Pickle', image: FALLBACK_ART }} sizes={PICTURE_SIZES.grid} />);
    expect(screen.getByTestId('product-jar').textContent).toBe(`Royal Prawn Pickle${PRODUCTS[0]!.weight2} g`);
    cleanup();
    render(<ProductPicture product={PRODUCTS[0]!} sizes={PICTURE_SIZES.grid} />);
    expect(screen.queryByTestId('product-jar')).toBeNull();
    expect(screen.getByRole('img', { name: PRODUCTS[0]!.name }).getAttribute('src')).toBe(PRODUCTS[0]!.image);
  });
});
