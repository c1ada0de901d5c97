import type { OrderTaxDocument } from '@pickles/shared';
import { adminBlob } from '../../../lib/admin-session/index.js';

/** The file a tax document is saved as, as the server names it: 'RP/26-27/000042' -> 'RP-26-27-000042.pdf'. */
export function taxDocumentFileName(number: string): string {
  return `${number.replaceAll('/', '-')}.pdf`;
}

/**
 * Fetches a tax document's PDF with the admin's token (a link could not send it) and saves it under
 * its number. The answer's downloadPath is the full '/api/…' path; the admin client adds '/api'.
 */
export async function downloadTaxDocument(document: Pick<OrderTaxDocument, 'number' | 'downloadPath'>): Promise<void> {
  const blob = await adminBlob(document.downloadPath.replace(/^\/api(?=\/)/, ''));
  const url = URL.createObjectURL(blob);
  const link = window.document.createElement('a');
  link.href = url;
  link.download = taxDocumentFileName(document.number);
  window.document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start reading the file only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
