import { AdminLoadFailure, AdminPage } from '../../../components/ui/admin-page.js';
import { useDiscountCodes } from '../hooks/use-discount-codes.js';
import { DiscountCodeFormCard } from './discount-code-form.js';
import { DiscountCodeList } from './discount-code-list.js';
import '../discount-codes.css';

/** /admin/discount-codes (decision 028): the owner's codes, a new one, and each one's uses and discount given. */
export function AdminDiscountCodes() {
  const { codes, failure, isLoading, reload, put } = useDiscountCodes();
  return (
    <AdminPage
      title="Discount codes"
      intro="One code per order, on the whole order. A use is held while a shopper pays and kept once paid; an order left unpaid gives it back. Times are India time."
    >
      <div className="discount-layout">
        <DiscountCodeFormCard onSaved={put} />
        <section aria-label="Codes">
          {isLoading && !codes ? (
            <p role="status">Loading codes...</p>
          ) : failure && !codes ? (
            <AdminLoadFailure message={failure} onRetry={reload} />
          ) : codes ? (
            <DiscountCodeList codes={codes} onSaved={put} />
          ) : null}
        </section>
      </div>
    </AdminPage>
  );
}
