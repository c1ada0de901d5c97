/** The owner's Catalogue page (decision 024): its own chunk, never in the storefront's. */
export { AdminCatalogue } from './components/admin-catalogue.js';
export { AddProduct, ProductEditor, type PhotosSection } from './components/product-editor.js';
