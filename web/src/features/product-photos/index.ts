export { ProductPhotosEditor, type ProductPhotosEditorProps } from './components/product-photos-editor.js';
