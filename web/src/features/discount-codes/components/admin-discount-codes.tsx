import { AdminLoaded, AdminPage } from '../../../components/ui/admin-page.js';
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
          <AdminLoaded data={codes} isLoading={isLoading} failure={failure} onRetry={reload} loadingText="Loading codes...">
            {(loaded) => <DiscountCodeList codes={loaded} onSaved={put} />}
          </AdminLoaded>
        </section>
      </div>
    </AdminPage>
  );
}
