import type { Dialog, Page } from '@playwright/test';

/** Dismisses the page's dialogs (with `once`, only the next one) and keeps their messages, in order, for the test to check. */
export function dismissDialogs(page: Page, { once = false }: { once?: boolean } = {}): string[] {
  const messages: string[] = [];
  const dismiss = (dialog: Dialog) => {
    messages.push(dialog.message());
    void dialog.dismiss();
  };
  if (once) page.once('dialog', dismiss);
  else page.on('dialog', dismiss);
  return messages;
}
