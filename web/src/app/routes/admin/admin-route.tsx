import { useCallback } from 'react';
import { AdminSessionProvider } from '../../../lib/admin-session/index.js';
import { OrdersPanel, type ExportKind } from '../../../features/admin-orders/components/orders-panel.js';
import { activeFilter, type OrdersFilter, type OrdersSort } from '../../../features/admin-orders/api/orders-query.js';
import { runExport } from '../../../features/exports/run-export.js';

export const EXPORT_FAILED = 'Export failed';

/**
 * /admin: only with an admin token, otherwise /login (docs/product.md §2). The server checks the token
 * on every call; the session (lib/admin-session) sends the owner to /login with a message on a 401.
 */
export default function AdminRoute() {
  const onExport = useCallback(async (kind: ExportKind, filter: OrdersFilter, sort: OrdersSort) => {
    try {
      await runExport(kind, { ...activeFilter(filter), sortField: sort.field, sortDir: sort.direction });
    } catch (failure) {
      console.error('export failed', failure);
      window.alert(EXPORT_FAILED);
    }
  }, []);

  return (
    <AdminSessionProvider>
      <OrdersPanel onExport={onExport} />
    </AdminSessionProvider>
  );
}
