import { AdminLoaded, AdminPage } from '../../../components/ui/admin-page.js';
import { useAdminStock } from '../hooks/use-admin-stock.js';
import { StockForm } from './stock-form.js';
import '../admin-stock.css';

/**
 * /admin/stock: each product's batch. The shop sells only what the batch holds; a product
 * put on sale here is on the shop at once, without a build.
 */
export function AdminStock() {
  const { products, failure, isLoading, reload, replace } = useAdminStock();

  return (
    <AdminPage
      title="Stock"
      intro="Set the jars in each batch: the shop stops selling when they are reserved or sold, and shows the next batch date. A jar is reserved when a shopper starts paying and goes back to the batch if the payment fails or is not made within the hold time."
    >
      <AdminLoaded data={products} isLoading={isLoading} failure={failure} onRetry={reload} loadingText="Loading stock...">
        {(loaded) => (
          <div className="stock-list">
            {loaded.map((product) => (
              <StockForm key={product.productId} product={product} onSaved={replace} />
            ))}
          </div>
        )}
      </AdminLoaded>
    </AdminPage>
  );
}
