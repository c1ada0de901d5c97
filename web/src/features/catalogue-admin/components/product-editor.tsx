import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { AdminProductChange, AdminProductStock } from '@pickles/shared/api';
import type { CatalogueProduct } from '@pickles/shared/catalogue';
import { formatPaise } from '@pickles/shared/money';
import { AdminLoadFailure, AdminPage } from '../../../components/ui/admin-page.js';
import { paths } from '../../../config/paths.js';
import { failureText } from '../../../lib/api-failure.js';
import { addProduct, getCatalogue, getProductChanges, getSaleStates, saveProduct } from '../api/admin-catalogue.js';
import { SALE_STATE_LABELS, saleStateOf } from '../hooks/use-admin-catalogue.js';
import { NEW_PRODUCT_VALUES, valuesOf } from '../product-form-values.js';
import type { CatalogueListState } from './admin-catalogue.js';
import { ProductChangeLog } from './product-change-log.js';
import { ProductForm } from './product-form.js';
import { ProductThumbnail } from './product-thumbnail.js';

const backToList = { to: paths.adminCatalogue, label: 'Catalogue' };

/** /admin/catalogue/new: the form, empty; a saved product goes back to the list, coming soon. */
export function AddProduct() {
  const navigate = useNavigate();
  return (
    <AdminPage title="Add a product" intro="It joins the end of the shop as coming soon; put it on sale with its batch on the Stock page." back={backToList}>
      <section className="op-card">
        <ProductForm
          initial={NEW_PRODUCT_VALUES}
          submitLabel="Add product"
          save={async (input) => (await addProduct(input)).product}
          onSaved={(product) => {
            const state: CatalogueListState = { notice: `Added ${product.name}. It is coming soon: put it on sale on the Stock page.` };
            navigate(paths.adminCatalogue, { state });
          }}
        />
      </section>
    </AdminPage>
  );
}

interface Loaded {
  product: CatalogueProduct;
  stock: AdminProductStock[];
}

/**
 * /admin/catalogue/{id}: one product's form (saved against the version it was opened at: a save
 * made meanwhile by someone else is a conflict, never overwritten), its photos and its change log.
 */
/**
 * The product's photos section, given by the route (a feature does not import another): it gets the
 * product and hands back the product a photo change saved.
 */
export type PhotosSection = (product: CatalogueProduct, onProductChange: (next: CatalogueProduct) => void) => ReactNode;

export function ProductEditor({ photos }: { photos?: PhotosSection }) {
  const { id: rawId } = useParams();
  const id = Number(rawId);
  const [loaded, setLoaded] = useState<Loaded | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const [changes, setChanges] = useState<AdminProductChange[] | undefined>();
  const [changesFailure, setChangesFailure] = useState<string | undefined>();
  const [notice, setNotice] = useState<string | undefined>();

  const loadChanges = useCallback(
    (signal?: AbortSignal) => {
      getProductChanges(id, signal).then(
        (answer) => {
          if (!signal?.aborted) {
            setChanges(answer.changes);
            setChangesFailure(undefined);
          }
        },
        (cause: unknown) => {
          if (!signal?.aborted) setChangesFailure(failureText(cause, 'The change log could not be loaded'));
        },
      );
    },
    [id],
  );

  const load = useCallback(
    (signal?: AbortSignal) => {
      setFailure(undefined);
      Promise.all([getCatalogue(signal), getSaleStates(signal)]).then(
        ([catalogue, stock]) => {
          if (signal?.aborted) return;
          const product = catalogue.products.find((each) => each.id === id);
          if (product) setLoaded({ product, stock: stock.products });
          else setFailure('No product with that id');
        },
        (cause: unknown) => {
          if (!signal?.aborted) setFailure(failureText(cause, 'The product could not be loaded'));
        },
      );
      loadChanges(signal);
    },
    [id, loadChanges],
  );

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const product = loaded?.product;
  const state = loaded ? saleStateOf(loaded.product, loaded.stock) : undefined;

  return (
    <AdminPage
      title={product ? product.name : 'Product'}
      intro="Every field the shop and the jar's label show. A change reaches the shop within a minute; orders already placed keep what they were sold at."
      back={backToList}
    >
      {failure && !product ? (
        <AdminLoadFailure message={failure} onRetry={() => load()} />
      ) : !product || !state ? (
        <p role="status">Loading the product...</p>
      ) : (
        <>
          <section className="op-card cat-summary" aria-label="On the shop">
            <ProductThumbnail product={product} />
            <div>
              <p className="cat-summary__line">
                <span className="cat-state" data-state={state}>
                  {SALE_STATE_LABELS[state]}
                </span>{' '}
                <span className="cat-row__price">{formatPaise(product.pricePaise)}</span>
              </p>
              <p className="op-muted">
                {state === 'archived' ? (
                  'Archived: not on the shop and not for sale.'
                ) : (
                  <>
                    On sale or coming soon is set with the batch on the <Link to={paths.adminStock}>Stock page</Link>.
                  </>
                )}
              </p>
            </div>
          </section>
          <section className="op-card" aria-labelledby="product-details">
            <div className="op-card__head">
              <h2 id="product-details">Details</h2>
              <p className="op-muted" role="status">
                {notice ?? ''}
              </p>
            </div>
            <ProductForm
              // A new version (saved here, or someone else's loaded after a conflict) starts the form again from it.
              key={product.version}
              initial={valuesOf(product)}
              submitLabel="Save changes"
              readOnly={product.archived}
              save={async (input) => (await saveProduct(product.id, input, product.version)).product}
              onSaved={(saved) => {
                setLoaded((current) => (current ? { ...current, product: saved } : current));
                setNotice('Saved.');
                loadChanges();
              }}
              onLoadLatest={() => {
                setNotice('Their version is loaded: make your change again and save.');
                load();
              }}
            />
          </section>
          {/* A photo change is a save of the product: it moves the version on and enters the change log. */}
          <section className="op-card" data-testid="photos-section">
            {photos?.(product, (next) => {
              setLoaded((current) => (current ? { ...current, product: next } : current));
              loadChanges();
            })}
          </section>
          <section className="op-card" aria-labelledby="product-changes">
            <h2 id="product-changes">Change log</h2>
            {changesFailure ? <AdminLoadFailure message={changesFailure} onRetry={() => loadChanges()} /> : changes ? <ProductChangeLog changes={changes} /> : <p role="status">Loading the change log...</p>}
          </section>
        </>
      )}
    </AdminPage>
  );
}
