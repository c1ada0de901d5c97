import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Helvetica's metrics, which PDF.js loads from its own package for the standard fonts. */
const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** The text of every page of a PDF, as a reader's "copy all" gives it (PDF.js, Firefox's reader), runs joined by spaces. */
export async function pdfText(bytes: Uint8Array): Promise<{ text: string; pages: number; info: Record<string, unknown> }> {
  // PDF.js takes ownership of the buffer it is given: hand it a copy.
  const document = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl, useSystemFonts: false, isEvalSupported: false }).promise;
  const parts: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    for (const item of content.items) if ('str' in item) parts.push(item.str);
  }
  const { info } = await document.getMetadata();
  const pages = document.numPages;
  await document.destroy();
  return { text: parts.join(' ').replace(/\s+/g, ' '), pages, info: info as Record<string, unknown> };
}
