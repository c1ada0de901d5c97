import { AdminStock } from '../../../features/stock/admin.js';
import { AdminSessionProvider } from '../../../lib/admin-session/index.js';
import { PAGE_META, usePageMeta } from '../../page-meta.js';
// The page's cards and fields are the order page's (.op-card, .op-field).
import '../../../features/admin-order-page/order-page.css';

/** /admin/stock: the owner's batches; only with an admin token, otherwise /login (as /admin). */
export default function AdminStockRoute() {
  usePageMeta(PAGE_META.adminStock);
  return (
    <AdminSessionProvider>
      <AdminStock />
    </AdminSessionProvider>
  );
}
