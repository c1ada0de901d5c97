// @vitest-environment jsdom
import { lazy } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { SiteLayout } from './site-layout.js';
import { undoAfterEachTest } from '../../testing/test-hooks.js';

/** A page that arrives later, as the lazily loaded route chunks do. */
let releaseSlowPage: () => void = () => undefined;
const SlowPage = lazy(
  () =>
    new Promise<{ default: () => React.JSX.Element }>((resolve) => {
      releaseSlowPage = () => resolve({ default: () => <h1>Our Story</h1> });
    }),
);

function renderSite(path = '/shop') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <SiteLayout>
        <Routes>
          <Route
            path="/shop"
            element={
              <>
                <h1>Shop Our Pickles</h1>
                <Link to="/help">Help</Link>
              </>
            }
          />
          <Route path="/help" element={<h1>Help</h1>} />
          <Route path="/about" element={<SlowPage />} />
          <Route path="/login" element={<h1>Admin Login</h1>} />
        </Routes>
      </SiteLayout>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

undoAfterEachTest();

describe('SiteLayout', () => {
  it('leaves focus alone on the first page a shopper opens', () => {
    renderSite();
    expect(document.activeElement).toBe(document.body);
    expect(window.scrollTo).not.toHaveBeenCalled();
  });

  it('moves focus to the new page heading after a link is followed, and scrolls to the top', async () => {
    const user = renderSite();
    await user.click(screen.getByRole('link', { name: 'Help' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Help' }));
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('waits for a lazily loaded page and focuses its heading once it renders', async () => {
    const user = renderSite();
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Our Story' }));
    releaseSlowPage();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Our Story' })));
  });

  it('gives the owner pages their own header without the storefront navigation', () => {
    renderSite('/login');
    expect(screen.getByRole('link', { name: 'Royal Pickles admin' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });
});
