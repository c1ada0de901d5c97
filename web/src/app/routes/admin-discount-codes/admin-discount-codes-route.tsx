import { AdminDiscountCodes } from '../../../features/discount-codes/index.js';
import { AdminSessionProvider } from '../../../lib/admin-session/index.js';
import { PAGE_META, usePageMeta } from '../../page-meta.js';
// The page's cards and fields are the order page's (.op-card, .op-field).
import '../../../features/admin-order-page/order-page.css';

/** /admin/discount-codes: the owner's codes; only with an admin token, otherwise /login (as /admin). */
export default function AdminDiscountCodesRoute() {
  usePageMeta(PAGE_META.adminDiscountCodes);
  return (
    <AdminSessionProvider>
      <AdminDiscountCodes />
    </AdminSessionProvider>
  );
}
