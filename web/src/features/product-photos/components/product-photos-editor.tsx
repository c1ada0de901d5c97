import { useId, useRef, useState, type FormEvent } from 'react';
import type { CatalogueProduct } from '@pickles/shared/catalogue';
import { PHOTO_MAX_BYTES, PHOTO_MESSAGES, PHOTO_UPLOAD_TYPES, PHOTOS_PER_PRODUCT, type ProductPhoto } from '@pickles/shared/product-photos';
import { isApiFailure } from '../../../lib/api-client.js';
import { PhotoPicture } from '../../../components/product-picture.js';
import { deleteProductPhoto, reorderProductPhotos, uploadProductPhoto } from '../api/product-photos.js';
import '../product-photos.css';

export interface ProductPhotosEditorProps {
  /** The product as the admin API answers it (its version goes with every change). */
  product: CatalogueProduct;
  /** Called with the product as saved after each change (new version, photos in order). */
  onProductChange: (product: CatalogueProduct) => void;
}

/** The file input's accept: the types the API takes, and their usual extensions (a phone may give none). */
const ACCEPT = [...PHOTO_UPLOAD_TYPES, '.jpg', '.jpeg', '.png', '.webp', '.heic', '.heif'].join(',');

const failureText = (failure: unknown) => (isApiFailure(failure) ? failure.error : 'The photo could not be saved. Check the connection and try again.');

/**
 * A product's photos on the owner's product screen (decision 027): upload one with its description
 * (alt text, read out to blind shoppers), make one the main photo, move them, delete them. Every
 * change answers the product as saved; its errors (too large, not a photo, someone else's
 * save) are shown above the list in the server's words. Controls are disabled while a change is
 * on its way, and the upload says so.
 */
export function ProductPhotosEditor({ product, onProductChange }: ProductPhotosEditorProps) {
  const [busy, setBusy] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [alt, setAlt] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const ids = { file: useId(), alt: useId(), heading: useId() };
  const photos = product.photos;
  const full = photos.length >= PHOTOS_PER_PRODUCT;

  async function run(label: string, change: () => Promise<{ product: CatalogueProduct }>): Promise<boolean> {
    setBusy(label);
    setError(undefined);
    try {
      onProductChange((await change()).product);
      return true;
    } catch (failure) {
      setError(failureText(failure));
      return false;
    } finally {
      setBusy(undefined);
    }
  }

  async function upload(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = fileInput.current?.files?.[0];
    if (!file) {
      setError('Choose a photo to upload first.');
      return;
    }
    // Said at once, without sending 10 MB over a shop's mobile connection first.
    if (file.size > PHOTO_MAX_BYTES) {
      setError(PHOTO_MESSAGES.tooLarge);
      return;
    }
    if (await run(`Uploading ${file.name}…`, () => uploadProductPhoto(product.id, product.version, file, alt.trim()))) {
      setAlt('');
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  const move = (photo: ProductPhoto, to: number) => {
    const order = photos.map((each) => each.id).filter((id) => id !== photo.id);
    order.splice(to, 0, photo.id);
    void run(to === 0 ? 'Making it the main photo…' : 'Moving the photo…', () => reorderProductPhotos(product.id, product.version, order));
  };

  return (
    <section className="photos-editor" aria-labelledby={ids.heading} aria-busy={busy !== undefined}>
      <h2 id={ids.heading}>Photos</h2>
      <p className="photos-editor__hint">
        The first photo is the main one, on the shop and in search results. JPEG, PNG or WebP up to {PHOTO_MAX_BYTES / (1024 * 1024)} MB; at most {PHOTOS_PER_PRODUCT}.
      </p>
      {error && (
        <p className="photos-editor__error" role="alert">
          {error}
        </p>
      )}
      <p className="photos-editor__status" role="status">
        {busy ?? ''}
      </p>
      {photos.length === 0 ? (
        <p className="photos-editor__empty">No photos yet: the shop shows the drawing of a jar with the product’s name.</p>
      ) : (
        <ol className="photos-editor__list">
          {photos.map((photo, index) => (
            <li key={photo.id} className="photos-editor__item" data-testid="product-photo">
              <div className="photos-editor__thumb">
                <PhotoPicture photo={photo} alt={photo.alt || product.name} sizes="96px" />
              </div>
              <div className="photos-editor__about">
                <p>{index === 0 ? <strong>Main photo</strong> : `Photo ${index + 1}`}</p>
                <p className="photos-editor__alt">{photo.alt ? `“${photo.alt}”` : 'No description'}</p>
                <div className="photos-editor__actions">
                  {index > 0 && (
                    <button type="button" className="btn btn-small" disabled={busy !== undefined} onClick={() => move(photo, 0)}>
                      Make main
                    </button>
                  )}
                  {index > 0 && (
                    <button type="button" className="btn btn-small" disabled={busy !== undefined} aria-label={`Move photo ${index + 1} up`} onClick={() => move(photo, index - 1)}>
                      ↑
                    </button>
                  )}
                  {index < photos.length - 1 && (
                    <button type="button" className="btn btn-small" disabled={busy !== undefined} aria-label={`Move photo ${index + 1} down`} onClick={() => move(photo, index + 1)}>
                      ↓
                    </button>
                  )}
                  <button
                    type="button"
                    className="btn btn-small photos-editor__delete"
                    disabled={busy !== undefined}
                    aria-label={`Delete photo ${index + 1}`}
                    onClick={() => void run('Deleting the photo…', () => deleteProductPhoto(product.id, product.version, photo.id))}
                  >
                    Delete
                  </button>
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}
      <form className="photos-editor__upload" onSubmit={(event) => void upload(event)} noValidate>
        <label htmlFor={ids.file}>Add a photo</label>
        <input id={ids.file} ref={fileInput} type="file" accept={ACCEPT} disabled={busy !== undefined || full} />
        <label htmlFor={ids.alt}>Describe the photo (for shoppers who cannot see it)</label>
        <input id={ids.alt} type="text" maxLength={200} value={alt} onChange={(event) => setAlt(event.target.value)} placeholder="A jar of chicken pickle on a brass plate" disabled={busy !== undefined || full} />
        <button type="submit" className="btn btn-primary" disabled={busy !== undefined || full}>
          {busy?.startsWith('Uploading') ? 'Uploading…' : 'Upload photo'}
        </button>
        {full && <p className="photos-editor__hint">{PHOTO_MESSAGES.tooMany}</p>}
      </form>
    </section>
  );
}
