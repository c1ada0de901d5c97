export * from './document.js';
export * from './rows.js';
export { renderTaxDocumentPdf, printable, formatAmount } from './render.js';
export { amountInWords, numberInWords } from './words.js';
export * from './issue.js';
