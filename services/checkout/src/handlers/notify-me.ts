import type { RequestHandler, Response } from 'express';
import type { Db } from '@pickles/db';
import { ConflictError, NotFoundError, parseOrThrow, subscriberOfToken, type SubscriptionLinkPurpose } from '@pickles/service-kit';
import { NOTIFY_ME_MESSAGES, notifyMeRequestSchema, type NotifyMeResponse } from '@pickles/shared/batch-subscriptions';
import { confirmationLink, signUpForBatch, unsubscribeFromBatch, unsubscribeLinkProduct } from '../domain/notify-me.js';

export interface NotifyMeDeps {
  db: Db;
  /** TRACKING_LINK_SECRET: notifications signs the links with it (service-kit's subscription-token.ts). */
  trackingLinkSecret: string;
}

/**
 * POST /api/notify-me {productId, email}: "tell me when the next batch is ready" (decision 029). Only
 * for a product that cannot be bought now (coming soon or sold out); an on-sale one is refused (409).
 * Every accepted request answers the same 202, whatever it did: a new address is sent the one
 * confirmation e-mail, a pending one another only after the cool-down, a confirmed one nothing; so the
 * answer tells nobody who else signed up, and the form cannot be used to mail a stranger repeatedly.
 */
export function notifyMeHandler({ db }: NotifyMeDeps): RequestHandler {
  return async (req, res) => {
    const request = parseOrThrow(notifyMeRequestSchema, req.body);
    const signUp = await signUpForBatch(db, request);
    if (signUp.kind === 'unknown-product') throw new NotFoundError(NOTIFY_ME_MESSAGES.unknownProduct);
    if (signUp.kind === 'on-sale') throw new ConflictError(NOTIFY_ME_MESSAGES.onSale(signUp.productName));
    req.log.info({ productId: signUp.productId, outcome: signUp.outcome }, 'next-batch sign-up');
    res.setHeader('Cache-Control', 'no-store');
    res.status(202).json({ success: true, message: NOTIFY_ME_MESSAGES.checkInbox(request.email) } satisfies NotifyMeResponse);
  };
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The plain page a link opens: a heading, a sentence, a way back to the shop. No script, nothing to load. */
function plainPage(res: Response, status: number, heading: string, message: string, extra = ''): void {
  res.status(status);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.type('html').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escape(heading)} - Royal Pickles</title></head>
<body style="margin:0;background:#fdf8ef;color:#2b1a12;font:16px/1.5 system-ui,sans-serif">
<main style="max-width:32rem;margin:0 auto;padding:2.5rem 1.25rem">
<p style="margin:0 0 1.5rem;font-weight:700;color:#8b1e1e;letter-spacing:.02em">Royal Pickles</p>
<h1 style="font-size:1.5rem;line-height:1.25;margin:0 0 1rem">${escape(heading)}</h1>
<p style="margin:0 0 1.5rem" data-testid="notify-page-message">${escape(message)}</p>
${extra}<p style="margin:2rem 0 0"><a href="/shop" style="color:#8b1e1e">Back to the shop</a></p>
</main></body></html>`);
}

function tokenSubscriber(deps: NotifyMeDeps, purpose: SubscriptionLinkPurpose, token: unknown): string | undefined {
  return subscriberOfToken(deps.trackingLinkSecret, purpose, token);
}

/** The one-button form of a link's page: it posts back to the same address (the token included). */
function postButton(label: string): string {
  return `<form method="post" action=""><button type="submit" style="font:inherit;font-weight:600;padding:.75rem 1.25rem;border:0;border-radius:6px;background:#8b1e1e;color:#fff;cursor:pointer">${escape(label)}</button></form>\n`;
}

/**
 * The confirmation link. GET shows a page with one button: the link scanners of mail providers and
 * workplaces open every link in a message, and a sign-up a stranger made with this address must not
 * be confirmed by one of them. POST (the button) confirms. Repeating either changes nothing.
 */
export function confirmLinkHandler(deps: NotifyMeDeps, method: 'GET' | 'POST'): RequestHandler {
  return async (req, res) => {
    const id = tokenSubscriber(deps, 'confirm', req.query.t);
    const linked = await confirmationLink(deps.db, id, method === 'POST');
    if (!linked) {
      plainPage(res, 404, 'This link does not work', NOTIFY_ME_MESSAGES.confirmLinkInvalid);
      return;
    }
    const { subscriber: found, productName: name } = linked;
    if (found.state === 'pending') {
      plainPage(res, 200, 'Confirm your e-mail address', `${NOTIFY_ME_MESSAGES.purpose(name)} ${NOTIFY_ME_MESSAGES.once}`, postButton('Yes, tell me'));
      return;
    }
    if (method === 'POST') req.log.info({ subscriberId: found.id, state: found.state }, 'next-batch sign-up confirmed');
    if (found.state === 'told') plainPage(res, 200, 'You have been told', `The batch of ${name} you signed up for has opened, and we e-mailed you about it.`);
    else plainPage(res, 200, 'You are on the list', NOTIFY_ME_MESSAGES.confirmed(name));
  };
}

/**
 * The unsubscribe link. GET shows a page with one button (a link scanner that opens it unsubscribes
 * nobody); POST (the button, or a mail client's one-click `List-Unsubscribe-Post`, RFC 8058)
 * unsubscribes. Repeating it changes nothing.
 */
export function unsubscribeLinkHandler(deps: NotifyMeDeps, method: 'GET' | 'POST'): RequestHandler {
  return async (req, res) => {
    const token = req.query.t;
    const id = tokenSubscriber(deps, 'unsubscribe', token);
    if (!id) {
      plainPage(res, 404, 'This link does not work', 'This unsubscribe link is not valid. You will not hear from us about a next batch unless you sign up again.');
      return;
    }
    if (method === 'GET') {
      const name = await unsubscribeLinkProduct(deps.db, id);
      plainPage(
        res,
        200,
        'Stop the e-mail about the next batch?',
        `You signed up to hear once when the next batch of ${name} is ready.`,
        postButton('Unsubscribe'),
      );
      return;
    }
    const { found, productName } = await unsubscribeFromBatch(deps.db, id);
    req.log.info({ subscriberId: id, found }, 'next-batch sign-up unsubscribed');
    plainPage(res, 200, 'You are unsubscribed', NOTIFY_ME_MESSAGES.unsubscribed(productName));
  };
}
