import { formatPaise } from '@pickles/shared';
import { formatIndiaDateTimeLong } from '@pickles/shared/india-time';
import type { EmailOrder } from '../db/orders.js';
import { buttonHtml, contactHtml, contactText, e, factsHtml, itemsHtml, shopperHtml, SIGN_OFF, textLines, type RenderedEmail, type ShopContact } from './shopper.js';

/** The order's payment link as the e-mail shows it (orders.payment_link_*, decision 032). */
export interface EmailPaymentLink {
  url: string;
  expiresAt: Date | null;
  discountCode: string | null;
  discountPaise: number;
}

/**
 * The e-mail with the payment link of an order the owner took by phone or WhatsApp (or of an order
 * whose payment failed): what was ordered, what it costs, the button to pay and until when.
 */
export function renderPaymentLink(order: EmailOrder, link: EmailPaymentLink, shop: ShopContact): RenderedEmail {
  const subject = `Pay for your Royal Pickles order ${order.orderNumber}`;
  const heading = 'Your order is ready to pay';
  const amount = formatPaise(order.amountPaise);
  const until = link.expiresAt ? formatIndiaDateTimeLong(link.expiresAt) : undefined;
  const facts: [string, string][] = [
    ['Order', order.orderNumber],
    ...(link.discountCode ? ([[`Discount (${link.discountCode})`, `- ${formatPaise(link.discountPaise)}`]] as [string, string][]) : []),
    ['To pay', amount],
    ...(until ? ([['Link open until', until]] as [string, string][]) : []),
  ];
  const items = order.items.map((item) => `${item.name} x ${item.quantity}`);
  const intro = `Thank you for your order. Here is the secure Razorpay link to pay ${amount} for it; we start packing your pickles as soon as the payment reaches us.`;
  return {
    subject,
    text: textLines([
      `Namaste ${order.customerName},`,
      '',
      intro,
      '',
      ...facts.map(([label, value]) => `${label}: ${value}`),
      '',
      'Your order:',
      ...items.map((item) => `  ${item}`),
      '',
      `Pay here: ${link.url}`,
      '',
      'You will get our order confirmation by e-mail once you have paid.',
      '',
      contactText(shop),
      '',
      ...SIGN_OFF,
    ]),
    html: shopperHtml(
      subject,
      heading,
      [
        `<p>Namaste ${e(order.customerName)},</p>`,
        `<p>${e(intro)}</p>`,
        factsHtml(facts.map(([label, value]) => [label, `<strong>${e(value)}</strong>`])),
        '<h2 style="font-size:17px;margin:24px 0 8px">Your order</h2>',
        itemsHtml(order.items),
        buttonHtml(link.url, `Pay ${amount}`),
        `<p style="font-size:14px;overflow-wrap:anywhere">Or open this link: ${e(link.url)}</p>`,
        '<p>You will get our order confirmation by e-mail once you have paid.</p>',
        contactHtml(shop),
      ].join('\n'),
    ),
  };
}
