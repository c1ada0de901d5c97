import { NewPhoneOrder } from '../../../features/phone-orders/index.js';
import { AdminSessionProvider } from '../../../lib/admin-session/index.js';
import { PAGE_META, usePageMeta } from '../../page-meta.js';
// The page's cards and fields are the order page's (.op-card, .op-field).
import '../../../features/admin-order-page/order-page.css';

/** /admin/orders/new: an order taken by phone or WhatsApp; only with an admin token, otherwise /login (as /admin). */
export default function AdminNewOrderRoute() {
  usePageMeta(PAGE_META.adminNewOrder);
  return (
    <AdminSessionProvider>
      <NewPhoneOrder />
    </AdminSessionProvider>
  );
}
