import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AdminOrder, BatchUpdateResponse, PaymentAttentionItem, ShipBatchResponse } from '@pickles/shared/api';
import { MAX_SHIP_BATCH } from '@pickles/shared/admin-order-requests';
import { ADMIN_SETTABLE_STATUSES, isAdminSettableStatus, type AdminSettableStatus } from '@pickles/shared/order-status';
import { isApiFailure } from '../../../lib/api-client.js';
import { useAdminSession } from '../../../lib/admin-session/index.js';
import { DEFAULT_SORT, EMPTY_FILTER, type OrdersFilter, type OrdersSort } from '../api/orders-query.js';
import { updateOrderStatus } from '../api/update-status.js';
import { getOrderIds } from '../api/get-order-ids.js';
import { batchUpdateOrders } from '../api/batch-update.js';
import { removeOrders } from '../api/remove-orders.js';
import { resolveAttention } from '../api/resolve-attention.js';
import { shipOrders } from '../api/ship-batch.js';
import { failureText } from '../../../lib/api-failure.js';
import { PAGE_SIZE, useOrders } from '../hooks/use-orders.js';
import { MESSAGES, statusFailureMessage } from '../messages.js';
import { AttentionPanel } from './attention-panel.js';
import { PanelNotice, type Notice } from './panel-notice.js';
import { BatchResult } from './batch-result.js';
import { ShipBatchResult } from './ship-batch-result.js';
import { StatusCards } from './status-cards.js';
import { FiltersBar, SelectField } from './filters-bar.js';
import { OrdersTable } from './orders-table.js';
import './admin-orders.css';

export type ExportKind = 'completeExcel' | 'viewExcel' | 'completeTxt' | 'viewTxt';

interface OrdersPanelProps {
  /** Builds and downloads an export; view exports cover every order matching `filter` in `sort`. Rejects when it failed. */
  onExport: (kind: ExportKind, filter: OrdersFilter, sort: OrdersSort) => Promise<void>;
  /** More bulk actions beside Batch Update, composed by the route (dispatch from a file). */
  batchActions?: ReactNode;
}

/** The export buttons, in the order they stand. */
const EXPORT_BUTTONS: ReadonlyArray<readonly [ExportKind, string]> = [
  ['completeExcel', 'Download Complete Excel'],
  ['viewExcel', 'Download View Excel'],
  ['completeTxt', 'Download Complete TXT'],
  ['viewTxt', 'Download View TXT'],
];

/** The search `adminOrderPath` links to (the owner's alert e-mails): `/admin?search=<orderId>`. */
export const SEARCH_PARAM = 'search';

/** The panel's title row; also prerendered alone, without a handler, as /admin's skeleton (app/page-skeletons.tsx). */
export function PanelTitle({ onLogout }: { onLogout?: () => void }) {
  return (
    <header className="admin-panel__header">
      <h1>Admin Panel</h1>
      <button type="button" className="btn" onClick={onLogout}>
        Logout
      </button>
    </header>
  );
}

/** The admin panel (docs/product.md §2, "Admin panel"); inside the admin session (lib/admin-session). */
export function OrdersPanel({ onExport, batchActions }: OrdersPanelProps) {
  const { logout } = useAdminSession();
  const [searchParams] = useSearchParams();
  const [filter, setFilter] = useState<OrdersFilter>(() => ({ ...EMPTY_FILTER, search: searchParams.get(SEARCH_PARAM) ?? '' }));
  const [sort, setSort] = useState<OrdersSort>(DEFAULT_SORT);
  const [page, setPage] = useState(1);
  const [batchStatus, setBatchStatus] = useState<AdminSettableStatus | ''>('');
  const [updatingIds, setUpdatingIds] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState<string | undefined>();
  const [batchResult, setBatchResult] = useState<{ response: BatchUpdateResponse; status: AdminSettableStatus } | undefined>();
  const { orders, total, cards, attention, answered, isLoading, hasError, query, reload, replaceOrder } = useOrders(filter, sort, page);
  const [notice, setNotice] = useState<Notice | undefined>();
  // "Ship selected": the orders ticked (id and number), kept across pages until shipped or cleared.
  const [selected, setSelected] = useState<ReadonlyMap<string, string>>(new Map());
  const [shipResult, setShipResult] = useState<ShipBatchResponse | undefined>();
  const toggleSelect = useCallback((order: AdminOrder) => {
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(order._id)) next.delete(order._id);
      else next.set(order._id, order.orderId);
      return next;
    });
  }, []);
  const selectedIds = useMemo(() => new Set(selected.keys()), [selected]);

  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const visibleCount = total;

  // What a batch to the chosen status would change among the visible orders, as of the list on
  // screen (the lifecycle decides, on the server): what Batch Update counts, confirms and sends.
  const [batchTargets, setBatchTargets] = useState<{ key: string; ids: string[] } | undefined>();
  const targetsKey = batchStatus && answered ? JSON.stringify([batchStatus, answered.asOf, answered.filter]) : '';
  useEffect(() => {
    if (!targetsKey || !batchStatus || !answered) return;
    let isCurrent = true;
    getOrderIds(answered.filter, answered.asOf, { settableTo: batchStatus }).then(
      ({ orderIds }) => {
        if (isCurrent) setBatchTargets({ key: targetsKey, ids: orderIds });
      },
      () => {
        if (isCurrent) setNotice({ tone: 'failed', text: MESSAGES.batchFailed });
      },
    );
    return () => {
      isCurrent = false;
    };
    // The key says everything the answer depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [targetsKey]);
  const targets = batchStatus && batchTargets?.key === targetsKey ? batchTargets.ids : undefined;
  const batchCount = batchStatus ? targets?.length : visibleCount;

  const changeFilter = useCallback((patch: Partial<OrdersFilter>) => {
    setFilter((f) => ({ ...f, ...patch }));
    setPage(1);
  }, []);
  const changeSort = useCallback((next: OrdersSort) => {
    setSort(next);
    setPage(1);
  }, []);
  const reset = () => {
    setFilter(EMPTY_FILTER);
    setSort(DEFAULT_SORT);
    setPage(1);
  };

  // "To dispatch": the paid orders still to ship, oldest first; pressed again, back to every order.
  const isToDispatch = filter.dispatch === 'waiting';
  const toggleToDispatch = () => {
    if (isToDispatch) {
      changeFilter({ dispatch: '' });
      changeSort(DEFAULT_SORT);
      return;
    }
    changeFilter({ dispatch: 'waiting' });
    changeSort({ field: 'createdAt', direction: 'asc' });
  };

  // Stable, so the table's memoised rows do not all re-render whenever the panel does.
  const changeStatus = useCallback(async (order: AdminOrder, status: AdminSettableStatus) => {
    setUpdatingIds((s) => new Set(s).add(order._id));
    try {
      const response = await updateOrderStatus(order._id, status);
      replaceOrder(response.order);
      reload(true);
    } catch (failure) {
      setNotice({ tone: 'failed', text: statusFailureMessage(failure) });
    } finally {
      setUpdatingIds((s) => {
        const next = new Set(s);
        next.delete(order._id);
        return next;
      });
    }
  }, [replaceOrder, reload]);

  /** Runs one of the panel's bulk actions: its button shows busy meanwhile, and a failure becomes the notice. */
  const whileBusy = async (kind: string, failed: (cause: unknown) => string, work: () => Promise<void>) => {
    setBusy(kind);
    try {
      await work();
    } catch (cause) {
      setNotice({ tone: 'failed', text: failed(cause) });
    } finally {
      setBusy(undefined);
    }
  };

  /**
   * "Visible orders" span every page of the filter. The ids are those the button counted: of the
   * list answer on screen (its filter and asOf), minus any order changed since and any the chosen
   * status would not change, so the confirmation counts exactly what the PATCH is asked to change.
   */
  const batchUpdate = async () => {
    if (!batchStatus || !targets || targets.length === 0) {
      setNotice({ tone: 'failed', text: MESSAGES.batchNeedsStatus });
      return;
    }
    if (!window.confirm(MESSAGES.batchConfirm(targets.length, batchStatus))) return;
    setBatchResult(undefined);
    setNotice(undefined);
    await whileBusy('batch', () => MESSAGES.batchFailed, async () => {
      const response = await batchUpdateOrders(targets, batchStatus);
      // The result, the spec's sentence first, stays under the batch bar.
      setBatchResult({ response, status: batchStatus });
      setBatchStatus('');
      reload();
    });
  };

  /** Every order the lifecycle lets Remove archive (whatever the filter), unchanged since the list on screen. */
  const removeFinished = async () => {
    if (!answered) {
      setNotice({ tone: 'failed', text: MESSAGES.removeFailed });
      return;
    }
    setNotice(undefined);
    await whileBusy('remove', () => MESSAGES.removeFailed, async () => {
      const { orderIds } = await getOrderIds(EMPTY_FILTER, answered.asOf, { removable: true });
      if (orderIds.length === 0) {
        setNotice({ tone: 'done', text: MESSAGES.nothingToRemove });
        return;
      }
      if (!window.confirm(MESSAGES.removeConfirm(orderIds.length))) return;
      const response = await removeOrders(orderIds);
      setNotice({ tone: 'done', text: MESSAGES.removeDone(response.removedCount) });
      reload();
    });
  };

  /** Books each ticked order with the courier's choice; the result, order by order, stays under the bar. */
  const shipSelected = async () => {
    const ids = [...selected.keys()];
    if (ids.length === 0) return;
    if (ids.length > MAX_SHIP_BATCH) {
      setNotice({ tone: 'failed', text: `At most ${MAX_SHIP_BATCH} orders can be shipped at a time: untick ${ids.length - MAX_SHIP_BATCH}` });
      return;
    }
    if (!window.confirm(`Book the courier for ${ids.length} order${ids.length === 1 ? '' : 's'}? Each gets the courier's recommended service and its shopper the tracking e-mail.`)) return;
    setShipResult(undefined);
    setNotice(undefined);
    await whileBusy('ship', (cause) => failureText(cause, 'The orders could not be shipped'), async () => {
      const response = await shipOrders(ids);
      setShipResult(response);
      setSelected(new Map());
      reload(true);
    });
  };

  const markResolved = async (item: PaymentAttentionItem): Promise<boolean> => {
    try {
      await resolveAttention(item.id);
      reload(true);
      return true;
    } catch (failure) {
      // 404: no longer open (resolved in another tab, say): nothing left to do but refresh.
      if (isApiFailure(failure) && failure.status === 404) {
        reload(true);
        return true;
      }
      setNotice({ tone: 'failed', text: MESSAGES.resolveFailed });
      return false;
    }
  };

  const runExport = (kind: ExportKind) => whileBusy(kind, () => MESSAGES.exportFailed, () => onExport(kind, query, sort));

  // Until the first list arrives the panel is its heading and 'Loading orders...': the attention
  // items, the cards and the buttons then arrive in one paint, so nothing the owner aims at moves.
  if (isLoading && !answered && !hasError) {
    return (
      <div className="admin-panel admin-width">
        <PanelTitle onLogout={() => void logout()} />
        <p className="orders-loading orders-loading--first" role="status">
          {MESSAGES.loading}
        </p>
      </div>
    );
  }

  return (
    <div className="admin-panel admin-width">
      <PanelTitle onLogout={() => void logout()} />

      <AttentionPanel items={attention} onResolve={markResolved} />

      <StatusCards cards={cards} />

      <section className="admin-actions" aria-label="Exports and removal">
        <div className="admin-exports" role="group" aria-label="Exports">
          {EXPORT_BUTTONS.map(([kind, label]) => (
            <button key={kind} type="button" className="btn" disabled={Boolean(busy)} onClick={() => runExport(kind)}>
              {label}
            </button>
          ))}
          {busy && busy !== 'batch' && busy !== 'remove' && busy !== 'ship' ? (
            <span className="admin-busy" role="status">
              Preparing export...
            </span>
          ) : null}
        </div>
        {/* Remove takes the orders as of the list on screen: not before it has arrived. */}
        <button type="button" className="btn btn-danger" disabled={Boolean(busy) || !answered} onClick={removeFinished}>
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
            <path fill="currentColor" d="M9 3h6l1 2h4v2H4V5h4l1-2Zm-3 6h12l-1 12H7L6 9Zm4 2v8h1.5v-8H10Zm3.5 0v8H15v-8h-1.5Z" />
          </svg>
          Remove Completed/Cancelled Orders
        </button>
      </section>

      <section className="batch-bar" aria-label="Batch update">
        <SelectField label="Batch Status" value={batchStatus} any="Select status" options={ADMIN_SETTABLE_STATUSES} onChange={(value) => setBatchStatus(isAdminSettableStatus(value) ? value : '')} />
        <button type="button" className="btn btn-primary" disabled={!batchStatus || !targets?.length || isLoading || hasError || Boolean(busy)} onClick={batchUpdate}>
          Batch Update ({batchCount ?? '…'} visible orders)
        </button>
        {batchStatus && targets && targets.length < visibleCount ? (
          <p className="batch-bar__hint">
            {visibleCount - targets.length} of the {visibleCount} visible orders already {visibleCount - targets.length === 1 ? 'is' : 'are'} {batchStatus} or cannot
            become {batchStatus}: left as they are.
          </p>
        ) : null}
        <div className="batch-bar__more">
          <button type="button" className="btn to-dispatch" aria-pressed={isToDispatch} onClick={toggleToDispatch}>
            To dispatch
          </button>
          {batchActions}
          <button type="button" className="btn btn-primary" disabled={selected.size === 0 || Boolean(busy)} onClick={() => void shipSelected()}>
            {busy === 'ship' ? 'Booking…' : `Ship selected (${selected.size})`}
          </button>
          {selected.size ? (
            <button type="button" className="link-btn" onClick={() => setSelected(new Map())}>
              Clear selection
            </button>
          ) : null}
        </div>
        {batchResult ? <BatchResult result={batchResult.response} status={batchResult.status} onDismiss={() => setBatchResult(undefined)} /> : null}
        {shipResult ? <ShipBatchResult result={shipResult} onDismiss={() => setShipResult(undefined)} /> : null}
      </section>

      <FiltersBar filter={filter} sort={sort} onFilterChange={changeFilter} onSortChange={changeSort} onReset={reset} />

      {isLoading ? (
        <p className="orders-loading" role="status">
          {MESSAGES.loading}
        </p>
      ) : hasError ? (
        <p className="orders-error" role="alert">
          {MESSAGES.fetchFailed}
        </p>
      ) : (
        <>
          <OrdersTable orders={orders} updatingIds={updatingIds} onStatusChange={changeStatus} selectedIds={selectedIds} onToggleSelect={toggleSelect} />
          <nav className="pagination" aria-label="Pages">
            <button type="button" className="btn" disabled={page <= 1} onClick={() => setPage((p) => Math.max(1, p - 1))}>
              Previous
            </button>
            <span className="pagination-info">
              {total === 0
                ? 'No orders'
                : `Showing ${(page - 1) * PAGE_SIZE + 1}–${Math.min(page * PAGE_SIZE, total)} of ${total} orders · Page ${page} of ${pageCount}`}
            </span>
            <button type="button" className="btn" disabled={page >= pageCount} onClick={() => setPage((p) => Math.min(pageCount, p + 1))}>
              Next
            </button>
          </nav>
        </>
      )}
      <PanelNotice notice={notice} onDismiss={() => setNotice(undefined)} />
    </div>
  );
}
