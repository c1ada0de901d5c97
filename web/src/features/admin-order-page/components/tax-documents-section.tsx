import { useState } from 'react';
import { formatRupees, type OrderCreditNote, type OrderTaxDocument } from '@pickles/shared';
import { downloadTaxDocument } from '../api/download-tax-document.js';
import { FormFailure } from '../../../components/ui/admin-form.js';
import { failureText } from '../../../lib/api-failure.js';
import { formatDateTime } from '../format.js';
import { Section } from './order-sections.js';

export const NO_INVOICE_TEXT = 'No tax invoice (the order is not paid, or was paid before invoicing began)';

interface Row {
  document: OrderTaxDocument;
  /** 'Download tax invoice', the number following it. */
  label: string;
  details: string;
}

/** The order's GST tax invoice and credit notes, each a PDF fetched with the admin's token. */
export function TaxDocumentsSection({ invoice, creditNotes = [] }: { invoice?: OrderTaxDocument | null; creditNotes?: OrderCreditNote[] }) {
  const [busy, setBusy] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | undefined>();

  const rows: Row[] = [
    ...(invoice ? [{ document: invoice, label: 'Download tax invoice', details: `${formatRupees(invoice.amount)} · issued ${formatDateTime(invoice.issuedAt)}` }] : []),
    ...creditNotes.map((note) => ({
      document: note,
      label: 'Download credit note',
      details: `${formatRupees(note.amount)} · refund ${note.razorpayRefundId} · issued ${formatDateTime(note.issuedAt)}`,
    })),
  ];

  const download = async ({ document, label }: Row) => {
    setBusy(document.number);
    setFailure(undefined);
    try {
      await downloadTaxDocument(document);
    } catch (cause) {
      setFailure(failureText(cause, `${label.replace(/^Download /, 'The ')} ${document.number} could not be downloaded`));
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <Section title="Tax documents">
      {invoice ? null : <p className="op-muted">{NO_INVOICE_TEXT}</p>}
      {rows.length ? (
        <ul className="op-documents">
          {rows.map((row) => (
            <li key={row.document.number}>
              <button type="button" className="btn btn-small" disabled={busy === row.document.number} aria-busy={busy === row.document.number} onClick={() => void download(row)}>
                {/* The number never breaks inside: the button wraps before it instead. */}
                <span>
                  {row.label} <span className="op-keep">{row.document.number}</span>
                </span>
              </button>
              <span className="op-muted">{row.details}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <FormFailure message={failure} />
    </Section>
  );
}
