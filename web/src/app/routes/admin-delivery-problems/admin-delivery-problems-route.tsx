import { DeliveryProblems } from '../../../features/delivery-problems/components/delivery-problems.js';
import { AdminSessionProvider } from '../../../lib/admin-session/index.js';
import { PAGE_META, usePageMeta } from '../../page-meta.js';
// The page's cards and fields are the order page's (.op-card, .op-field).
import '../../../features/admin-order-page/order-page.css';

/** /admin/delivery-problems: failed deliveries and returns; only with an admin token, otherwise /login. */
export default function AdminDeliveryProblemsRoute() {
  usePageMeta(PAGE_META.adminDeliveryProblems);
  return (
    <AdminSessionProvider>
      <DeliveryProblems />
    </AdminSessionProvider>
  );
}
