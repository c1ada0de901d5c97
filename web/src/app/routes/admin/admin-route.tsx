import { useCallback, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths.js';
import { isApiFailure } from '../../../lib/api-client.js';
import { logoutAdmin } from '../../../features/admin-auth/api/logout.js';
import { SESSION_EXPIRED_MESSAGE, clearAdminToken, readAdminToken } from '../../../features/admin-auth/token-store.js';
import { OrdersPanel, type ExportKind } from '../../../features/admin-orders/components/orders-panel.js';
import { activeFilter, type OrdersFilter, type OrdersSort } from '../../../features/admin-orders/api/orders-query.js';
import { runExport } from '../../../features/exports/run-export.js';

export const EXPORT_FAILED = 'Export failed';

/**
 * /admin: only with an admin token, otherwise /login (docs/product.md §2). The server checks the token
 * on every call; a 401 clears it and sends the owner to /login with a message.
 */
export default function AdminRoute() {
  const navigate = useNavigate();
  // Read once: leaving the panel is a navigation, so a <Navigate> here cannot drop the message's state.
  const [token] = useState(() => readAdminToken());

  const onUnauthorized = useCallback(() => {
    clearAdminToken();
    navigate(paths.login, { replace: true, state: { message: SESSION_EXPIRED_MESSAGE } });
  }, [navigate]);

  const onLogout = useCallback(async () => {
    // Revoke on the server first, so the token is dead by the time the login page shows.
    if (token) await logoutAdmin(token).catch(() => undefined);
    clearAdminToken();
    navigate(paths.login, { replace: true });
  }, [navigate, token]);

  const onExport = useCallback(
    async (kind: ExportKind, filter: OrdersFilter, sort: OrdersSort) => {
      if (!token) return;
      try {
        await runExport(kind, token, { ...activeFilter(filter), sortField: sort.field, sortDir: sort.direction });
      } catch (failure) {
        if (isApiFailure(failure) && failure.status === 401) onUnauthorized();
        else {
          console.error('export failed', failure);
          window.alert(EXPORT_FAILED);
        }
      }
    },
    [token, onUnauthorized],
  );

  if (!token) return <Navigate to={paths.login} replace />;
  return <OrdersPanel token={token} onLogout={onLogout} onUnauthorized={onUnauthorized} onExport={onExport} />;
}
