import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { CatalogueProduct } from '@pickles/shared/catalogue';
import { formatPaise } from '@pickles/shared/money';
import { AdminLoaded, AdminPage } from '../../../components/ui/admin-page.js';
import { FormFailure } from '../../../components/ui/admin-form.js';
import { paths } from '../../../config/paths.js';
import { isApiFailure } from '../../../lib/api-client.js';
import { failureText } from '../../../lib/api-failure.js';
import { archiveProduct, reorderCatalogue } from '../api/admin-catalogue.js';
import { SALE_STATE_LABELS, saleStateOf, useAdminCatalogue, type ProductSaleState } from '../hooks/use-admin-catalogue.js';
import { ProductThumbnail } from './product-thumbnail.js';

/** What the list page is handed after an addition (the add form navigates back with it). */
export interface CatalogueListState {
  notice?: string;
}

export const archiveConfirmText = (name: string) =>
  `Archive ${name}? It leaves the shop at once and can no longer be bought. Orders already placed keep it, and it stays listed here under Archived.`;

function SaleState({ state }: { state: ProductSaleState }) {
  return (
    <span className="cat-state" data-state={state}>
      {SALE_STATE_LABELS[state]}
    </span>
  );
}

interface RowProps {
  product: CatalogueProduct;
  state: ProductSaleState;
  children?: ReactNode;
}

/** One product: its picture, name (to its page), price and state; the actions after. */
function ProductRow({ product, state, children }: RowProps) {
  return (
    <li className="cat-row" data-testid={`catalogue-${product.id}`} aria-label={product.name}>
      <ProductThumbnail product={product} />
      <div className="cat-row__facts">
        <Link to={paths.adminCatalogueProduct(product.id)} className="cat-row__name">
          {product.name}
        </Link>
        <span className="cat-row__price" data-testid="catalogue-price">
          {formatPaise(product.pricePaise)}
          {product.displayPricePaise !== null ? <s className="cat-row__was">{formatPaise(product.displayPricePaise)}</s> : null}
        </span>
        <SaleState state={state} />
      </div>
      {children ? <div className="cat-row__actions">{children}</div> : null}
    </li>
  );
}

/**
 * /admin/catalogue: the shop's products in the storefront's order, each movable up or down and
 * archivable; archived ones apart below. A new product is added here and put on sale on the Stock page.
 */
export function AdminCatalogue() {
  const { products, stock, failure, isLoading, reload, replace, setProducts } = useAdminCatalogue();
  const location = useLocation();
  const notice = (location.state as CatalogueListState | null)?.notice;
  const [busy, setBusy] = useState<number | undefined>();
  const [actionFailure, setActionFailure] = useState<string | undefined>();
  const [done, setDone] = useState<string | undefined>(notice);

  const shown = products?.filter((product) => !product.archived) ?? [];
  const archived = products?.filter((product) => product.archived) ?? [];

  const move = async (product: CatalogueProduct, by: -1 | 1) => {
    const from = shown.indexOf(product);
    const to = from + by;
    if (busy !== undefined || to < 0 || to >= shown.length) return;
    const before = shown.map((each) => each.id);
    const order = [...before];
    [order[from], order[to]] = [order[to]!, order[from]!];
    setBusy(product.id);
    setActionFailure(undefined);
    setDone(undefined);
    try {
      const answer = await reorderCatalogue(order, before);
      setProducts(answer.products);
      setDone(`Moved ${product.name} ${by < 0 ? 'up' : 'down'}. The shop shows the new order within a minute.`);
    } catch (cause) {
      setActionFailure(failureText(cause, 'The order could not be saved'));
      // Another owner may have reordered, added or archived a product meanwhile: show the list as it is now.
      if (isApiFailure(cause) && cause.status === 409) reload();
    } finally {
      setBusy(undefined);
    }
  };

  const archive = async (product: CatalogueProduct) => {
    if (busy !== undefined || !window.confirm(archiveConfirmText(product.name))) return;
    setBusy(product.id);
    setActionFailure(undefined);
    setDone(undefined);
    try {
      const answer = await archiveProduct(product.id, product.version);
      replace(answer.product);
      setDone(`Archived ${product.name}. It has left the shop.`);
    } catch (cause) {
      setActionFailure(failureText(cause, 'The product could not be archived'));
      if (isApiFailure(cause) && cause.status === 409) reload();
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <AdminPage
      title="Catalogue"
      intro={
        <>
          The shop's products in the order the shop shows them. A new product starts coming soon: put it on sale with its batch on the{' '}
          <Link to={paths.adminStock}>Stock page</Link>. Changes reach the shop within a minute.
        </>
      }
    >
      <div className="cat-toolbar">
        <Link to={paths.adminCatalogueNew} className="btn btn-primary">
          Add a product
        </Link>
        <p className="op-muted" role="status">
          {done ?? ''}
        </p>
      </div>
      <FormFailure message={actionFailure} />
      <AdminLoaded data={products} isLoading={isLoading} failure={failure} onRetry={reload} loadingText="Loading the catalogue...">
        {() => (
          <>
            <section className="op-card" aria-labelledby="catalogue-shown">
              <h2 id="catalogue-shown">On the shop</h2>
              {shown.length ? (
                <ol className="cat-list" data-testid="catalogue-shown">
                  {shown.map((product, index) => (
                    <ProductRow key={product.id} product={product} state={saleStateOf(product, stock)}>
                      <button type="button" className="btn btn-small" aria-label={`Move ${product.name} up`} disabled={index === 0 || busy !== undefined} onClick={() => void move(product, -1)}>
                        <span aria-hidden="true">↑</span> Up
                      </button>
                      <button
                        type="button"
                        className="btn btn-small"
                        aria-label={`Move ${product.name} down`}
                        disabled={index === shown.length - 1 || busy !== undefined}
                        onClick={() => void move(product, 1)}
                      >
                        <span aria-hidden="true">↓</span> Down
                      </button>
                      <Link to={paths.adminCatalogueProduct(product.id)} className="btn btn-small" aria-label={`Edit ${product.name}`}>
                        Edit
                      </Link>
                      <button type="button" className="btn btn-small cat-archive" aria-label={`Archive ${product.name}`} disabled={busy !== undefined} onClick={() => void archive(product)}>
                        Archive
                      </button>
                    </ProductRow>
                  ))}
                </ol>
              ) : (
                <p className="op-muted">No products on the shop. Add one, then put it on sale on the Stock page.</p>
              )}
            </section>
            {archived.length ? (
              <section className="op-card" aria-labelledby="catalogue-archived">
                <h2 id="catalogue-archived">Archived</h2>
                <p className="op-muted">Not on the shop and not for sale; orders already placed keep them. Open one to see it and its changes.</p>
                <ol className="cat-list" data-testid="catalogue-archived">
                  {archived.map((product) => (
                    <ProductRow key={product.id} product={product} state="archived" />
                  ))}
                </ol>
              </section>
            ) : null}
          </>
        )}
      </AdminLoaded>
    </AdminPage>
  );
}
