import { Route, Routes } from 'react-router-dom';
import { AddProduct, AdminCatalogue, ProductEditor, type PhotosSection } from '../../../features/catalogue-admin/admin.js';
import { ProductPhotosEditor } from '../../../features/product-photos/index.js';
import { AdminSessionProvider } from '../../../lib/admin-session/index.js';
import { PAGE_META, usePageMeta } from '../../page-meta.js';
// The page's cards and fields are the order page's (.op-card, .op-field).
import '../../../features/admin-order-page/order-page.css';
import '../../../features/catalogue-admin/admin-catalogue.css';

/**
 * /admin/catalogue (the list), /admin/catalogue/new (the form) and /admin/catalogue/{id} (a
 * product's form, photos and change log): only with an admin token, otherwise /login (as /admin).
 */
const photosSection: PhotosSection = (product, onProductChange) => <ProductPhotosEditor product={product} onProductChange={onProductChange} />;

export default function AdminCatalogueRoute() {
  usePageMeta(PAGE_META.adminCatalogue);
  return (
    <AdminSessionProvider>
      <Routes>
        <Route index element={<AdminCatalogue />} />
        <Route path="new" element={<AddProduct />} />
        <Route path=":id" element={<ProductEditor photos={photosSection} />} />
      </Routes>
    </AdminSessionProvider>
  );
}
