import { useId, useState, type FormEvent } from 'react';
import type { AdminProductStock } from '@pickles/shared/api';
import { productStockUpdateSchema, type ProductStockUpdate } from '@pickles/shared/stock';
import { fieldErrors } from '@pickles/shared/validation';
import { AdminField, FormFailure } from '../../../components/ui/admin-form.js';
import { failureText } from '../../../lib/api-failure.js';
import { formatIndiaDateTime } from '@pickles/shared/india-time';
import { saveStock } from '../api/admin-stock.js';

export interface StockValues {
  state: 'on-sale' | 'coming-soon';
  /** As typed; empty means no limit. */
  batchJars: string;
  /** The number field could not read what was typed (the browser then reports an empty value). */
  isBatchJarsUnreadable: boolean;
  nextBatchDate: string;
  newBatch: boolean;
}

type StockErrors = Partial<Record<'state' | 'batchJars' | 'nextBatchDate', string>>;

function initialValues(product: AdminProductStock): StockValues {
  return { state: product.state, batchJars: product.batchJars === null ? '' : String(product.batchJars), isBatchJarsUnreadable: false, nextBatchDate: product.nextBatchDate ?? '', newBatch: false };
}

/** The server's own schema (shared), so the form refuses what the server would, in its words; the server checks again. */
export function validateStock(values: StockValues): { update?: ProductStockUpdate; errors: StockErrors } {
  const jars = values.batchJars.trim();
  const result = productStockUpdateSchema.safeParse({
    state: values.state,
    batchJars: values.isBatchJarsUnreadable ? Number.NaN : jars === '' ? null : Number(jars),
    nextBatchDate: values.nextBatchDate || null,
    newBatch: values.newBatch,
  });
  return result.success ? { update: result.data, errors: {} } : { errors: fieldErrors(result.error) };
}

/** Reserved, sold and left as the server last said; they change only with a save or a sale. */
function StockFigures({ product }: { product: AdminProductStock }) {
  return (
    <dl className="stock-figures fact-boxes">
      <div>
        <dt>Reserved</dt>
        <dd data-testid="stock-reserved">{product.reserved}</dd>
      </div>
      <div>
        <dt>Sold</dt>
        <dd data-testid="stock-sold">{product.sold}</dd>
      </div>
      <div>
        <dt>Left</dt>
        <dd data-testid="stock-left" className={product.left === null ? 'stock-figures__words' : undefined}>
          {product.left === null ? 'No limit' : product.left}
        </dd>
      </div>
    </dl>
  );
}

/**
 * "Tell me when the next batch is ready" (decision 029): how many shoppers the next opening will
 * e-mail, and how many the last one did. Opening a batch (on sale with jars, or a new batch) tells them.
 */
export function subscriberLine(product: AdminProductStock): string {
  const { waiting, toldAtLastOpening } = product.subscribers;
  const shoppers = (count: number) => `${count} ${count === 1 ? 'shopper' : 'shoppers'}`;
  const next =
    waiting === 0
      ? 'Nobody is waiting to hear about the next batch.'
      : `${shoppers(waiting)} will be e-mailed once when you open the next batch (on sale with jars, or a new batch).`;
  return toldAtLastOpening > 0 ? `${next} The last batch you opened was e-mailed to ${shoppers(toldAtLastOpening)}.` : next;
}

const STATE_LABELS = { 'on-sale': 'On sale', 'coming-soon': 'Coming soon' } as const;

/** What the shop shows of the product now, from the saved settings. */
function shopState(product: AdminProductStock): string {
  if (product.state === 'coming-soon') return 'Coming soon';
  return product.left === 0 ? 'Sold out' : 'On sale';
}

interface StockFormProps {
  product: AdminProductStock;
  onSaved: (product: AdminProductStock) => void;
}

/**
 * One product's batch: on sale or coming soon, the jars in this batch (empty: no limit),
 * the next batch's date and whether this is a new batch; reserved, sold and left beside them.
 */
export function StockForm({ product, onSaved }: StockFormProps) {
  const headingId = useId();
  const [values, setValues] = useState(() => initialValues(product));
  const [errors, setErrors] = useState<StockErrors>({});
  const [isSending, setIsSending] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  const [isSaved, setIsSaved] = useState(false);
  /** Shoppers the last save e-mailed (it opened a batch). */
  const [told, setTold] = useState(0);
  const set = (patch: Partial<StockValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setIsSaved(false);
  };
  const hasNoLimit = values.batchJars.trim() === '' && !values.isBatchJarsUnreadable;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSending) return;
    const { update, errors: found } = validateStock(values);
    setErrors(found);
    setFailure(undefined);
    if (!update) return;
    setIsSending(true);
    try {
      const answer = await saveStock(product.productId, update);
      onSaved(answer.product);
      setValues(initialValues(answer.product));
      setTold(answer.told);
      setIsSaved(true);
    } catch (cause) {
      setFailure(failureText(cause, 'The stock could not be saved'));
    } finally {
      setIsSending(false);
    }
  };

  return (
    <section className="op-card stock-card" aria-labelledby={headingId} data-testid={`stock-${product.productId}`}>
      <div className="op-card__head">
        <h2 id={headingId}>{product.name}</h2>
        <span className="stock-card__state" data-state={shopState(product)}>
          {shopState(product)}
        </span>
      </div>
      <StockFigures product={product} />
      <p className="stock-card__subscribers" data-testid="stock-subscribers">
        {subscriberLine(product)}
      </p>
      <form className="op-form stock-form" onSubmit={(event) => void submit(event)} noValidate aria-label={`Stock of ${product.name}`}>
        <div className="stock-form__fields">
          <AdminField label="State" error={errors.state}>
            {(props) => (
              <select {...props} value={values.state} onChange={(event) => set({ state: event.target.value as StockValues['state'] })}>
                {(['on-sale', 'coming-soon'] as const).map((state) => (
                  <option key={state} value={state}>
                    {STATE_LABELS[state]}
                  </option>
                ))}
              </select>
            )}
          </AdminField>
          <AdminField
            label="Jars in this batch"
            error={errors.batchJars}
            hint={
              hasNoLimit ? (
                <span className="stock-warning" data-testid="stock-no-limit">
                  <strong>No limit.</strong> Nothing stops the shop selling more jars than you have.
                </span>
              ) : (
                'Leave empty for no limit.'
              )
            }
          >
            {(props) => (
              <input
                {...props}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                autoComplete="off"
                value={values.batchJars}
                onChange={(event) => set({ batchJars: event.target.value, isBatchJarsUnreadable: event.target.validity.badInput })}
              />
            )}
          </AdminField>
          <AdminField label="Next batch date" error={errors.nextBatchDate} hint="Shown when the batch sells out.">
            {(props) => <input {...props} type="date" value={values.nextBatchDate} onChange={(event) => set({ nextBatchDate: event.target.value })} />}
          </AdminField>
        </div>
        <div className="stock-form__new-batch">
          <input id={`${headingId}-new-batch`} type="checkbox" checked={values.newBatch} onChange={(event) => set({ newBatch: event.target.checked })} aria-describedby={`${headingId}-new-batch-hint`} />
          <label htmlFor={`${headingId}-new-batch`}>This is a new batch</label>
          <span className="op-field__hint" id={`${headingId}-new-batch-hint`}>
            The sold count starts again from 0; jars held by unpaid orders stay reserved.
          </span>
        </div>
        <FormFailure message={failure} />
        <div className="stock-form__actions">
          <p className="op-muted" role="status">
            {isSaved ? (told > 0 ? `Saved. The new batch is being e-mailed to ${told} ${told === 1 ? 'shopper' : 'shoppers'}.` : 'Saved.') : ''}
          </p>
          <button type="submit" className="btn btn-primary" disabled={isSending}>
            {isSending ? 'Saving...' : 'Save'}
          </button>
        </div>
      </form>
      <p className="op-muted stock-card__updated">
        Last changed {formatIndiaDateTime(product.updatedAt)} by {product.updatedBy}
      </p>
    </section>
  );
}
