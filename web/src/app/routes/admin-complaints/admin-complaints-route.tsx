import { AdminComplaints } from '../../../features/complaints/components/admin-complaints.js';
import { AdminSessionProvider } from '../../../lib/admin-session/index.js';
import { PAGE_META, usePageMeta } from '../../page-meta.js';
// The cards, facts and forms look like the order page's (.op-card, .op-facts, .op-field).
import '../../../features/admin-order-page/order-page.css';

/** /admin/complaints: the owner's complaints; only with an admin token, otherwise /login (as /admin). */
export default function AdminComplaintsRoute() {
  usePageMeta(PAGE_META.adminComplaints);
  return (
    <AdminSessionProvider>
      <AdminComplaints />
    </AdminSessionProvider>
  );
}
