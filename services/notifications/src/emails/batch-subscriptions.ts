import { NOTIFY_ME_MESSAGES, notifyConfirmPath, notifyUnsubscribePath } from '@pickles/shared/batch-subscriptions';
import { shopLink } from '@pickles/shared/shop-paths';
import { subscriptionToken } from '@pickles/service-kit';
import type { EmailSubscriber } from '../db/batch-subscribers.js';
import { buttonHtml, e, LINK_STYLE, shopperHtml, SIGN_OFF, textLines, type RenderedEmail, type ShopContact } from './shopper.js';

/**
 * The two e-mails of "tell me when the next batch is ready" (decision 029): the confirmation of a
 * sign-up (the only e-mail an unconfirmed address ever gets) and the one saying the batch is ready.
 * Both carry a one-click unsubscribe: the link in the text, and the List-Unsubscribe headers.
 */
export interface BatchEmail extends RenderedEmail {
  headers: Record<string, string>;
}

function unsubscribeUrl(shop: ShopContact, subscriber: EmailSubscriber): string {
  return shopLink(shop.shopUrl, notifyUnsubscribePath(subscriptionToken(shop.trackingLinkSecret, 'unsubscribe', subscriber.id)));
}

/** RFC 8058: a mail client's "unsubscribe" button POSTs `List-Unsubscribe=One-Click` to the link. */
function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

const footerText = (url: string, why: string) => [why, `Unsubscribe: ${url}`];
const footerHtml = (url: string, why: string) =>
  `<p style="margin:24px 0 0;font-size:14px;color:#6b5444">${e(why)} <a href="${e(url)}" style="${LINK_STYLE}">Unsubscribe</a></p>`;

export function renderBatchConfirm(subscriber: EmailSubscriber, shop: ShopContact): BatchEmail {
  const confirmUrl = shopLink(shop.shopUrl, notifyConfirmPath(subscriptionToken(shop.trackingLinkSecret, 'confirm', subscriber.id)));
  const unsubscribe = unsubscribeUrl(shop, subscriber);
  const subject = `Confirm: tell me when ${subscriber.productName} is back`;
  const why = 'Someone, hopefully you, asked for this on our shop. If it was not you, do nothing: without a click we never write again.';
  return {
    subject,
    text: textLines([
      'Namaste,',
      '',
      `Please confirm that you want to hear when the next batch of ${subscriber.productName} is ready:`,
      confirmUrl,
      '',
      `${NOTIFY_ME_MESSAGES.purpose(subscriber.productName)} ${NOTIFY_ME_MESSAGES.once}`,
      '',
      ...footerText(unsubscribe, why),
      '',
      ...SIGN_OFF,
    ]),
    html: shopperHtml(
      subject,
      'Please confirm your e-mail address',
      [
        '<p>Namaste,</p>',
        `<p>Please confirm that you want to hear when the next batch of <strong>${e(subscriber.productName)}</strong> is ready.</p>`,
        buttonHtml(confirmUrl, 'Yes, tell me'),
        `<p>${e(NOTIFY_ME_MESSAGES.purpose(subscriber.productName))} ${e(NOTIFY_ME_MESSAGES.once)}</p>`,
        footerHtml(unsubscribe, why),
      ].join('\n'),
    ),
    headers: unsubscribeHeaders(unsubscribe),
  };
}

/** "The next batch is ready": how many jars it has (when the owner set a number) and the product's page. */
export function renderBatchReady(subscriber: EmailSubscriber, batchJars: number | null, shop: ShopContact): BatchEmail {
  const productUrl = shopLink(shop.shopUrl, `/shop/${encodeURIComponent(subscriber.productSlug)}`);
  const unsubscribe = unsubscribeUrl(shop, subscriber);
  const jars = batchJars === null ? 'It is on sale now.' : `It has ${batchJars} ${batchJars === 1 ? 'jar' : 'jars'}, on sale now.`;
  const subject = `The new batch of ${subscriber.productName} is ready`;
  const why = 'You asked us to tell you once about this batch. This was that e-mail: you are off the list now.';
  return {
    subject,
    text: textLines(['Namaste,', '', `The new batch of ${subscriber.productName} is ready. ${jars}`, '', `Order here: ${productUrl}`, '', ...footerText(unsubscribe, why), '', ...SIGN_OFF]),
    html: shopperHtml(
      subject,
      `${subscriber.productName}: the new batch is ready`,
      [
        '<p>Namaste,</p>',
        `<p>The new batch of <strong>${e(subscriber.productName)}</strong> is ready. <strong data-testid="batch-jars">${e(jars)}</strong></p>`,
        buttonHtml(productUrl, `Order ${subscriber.productName}`),
        footerHtml(unsubscribe, why),
      ].join('\n'),
    ),
    headers: unsubscribeHeaders(unsubscribe),
  };
}
