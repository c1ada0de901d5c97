import { useCallback } from 'react';
import { Route, Routes, useParams } from 'react-router-dom';
import { AdminSessionProvider } from '../../../lib/admin-session/index.js';
import { OrdersPanel, type ExportKind } from '../../../features/admin-orders/components/orders-panel.js';
import { activeFilter, type OrdersFilter, type OrdersSort } from '../../../features/admin-orders/api/orders-query.js';
import { runExport } from '../../../features/exports/run-export.js';
import { BatchDispatchButton } from '../../../features/admin-order-page/components/batch-dispatch-button.js';
import { lazyRoute } from '../../../lib/lazy-route.js';

// One order's page and its packing slip load when the owner opens one, not with the panel.
const OrderPage = lazyRoute<{ id: string }>(() => import('../../../features/admin-order-page/components/order-page.js').then((m) => ({ default: m.OrderPage })));
const PackingSlip = lazyRoute<{ id: string }>(() => import('../../../features/admin-order-page/components/packing-slip.js').then((m) => ({ default: m.PackingSlip })));


function OrderPageRoute() {
  const { id = '' } = useParams();
  // Keyed by the order: another order's page starts from nothing, not from this one's state.
  return <OrderPage key={id} id={id} />;
}

function PackingSlipRoute() {
  const { id = '' } = useParams();
  return <PackingSlip key={id} id={id} />;
}

/**
 * /admin/*: only with an admin token, otherwise /login (docs/product.md §2). The server checks the token
 * on every call; the session (lib/admin-session) sends the owner to /login with a message on a 401.
 * /admin is the panel, /admin/orders/:id one order's page and /admin/orders/:id/packing-slip its slip.
 */
export default function AdminRoute() {
  // A failure is logged here for whoever looks into it; the panel tells the owner on the page.
  const onExport = useCallback(async (kind: ExportKind, filter: OrdersFilter, sort: OrdersSort) => {
    try {
      await runExport(kind, { ...activeFilter(filter), sortField: sort.field, sortDir: sort.direction });
    } catch (failure) {
      console.error('export failed', failure);
      throw failure;
    }
  }, []);

  const panel = <OrdersPanel onExport={onExport} batchActions={<BatchDispatchButton />} />;
  return (
    <AdminSessionProvider>
      <Routes>
        <Route path="orders/:id" element={<OrderPageRoute />} />
        <Route path="orders/:id/packing-slip" element={<PackingSlipRoute />} />
        {/* Any other admin address shows the panel, as /admin/* always did. */}
        <Route path="*" element={panel} />
      </Routes>
    </AdminSessionProvider>
  );
}
