import { complaintCategoryLabel } from '@pickles/shared/complaints';
import { formatIndiaDateTimeLong } from '@pickles/shared/india-time';
import type { SellerProfile } from '@pickles/shared/seller-profile';
import { adminComplaintsPath, shopLink } from '@pickles/shared/shop-paths';
import type { EmailComplaint } from '../db/complaints.js';
import { neutraliseLinks } from './escape.js';
import { e, factsHtml, LINK_STYLE, shopperHtml, SIGN_OFF, telHref, textLines, type RenderedEmail } from './shopper.js';

/**
 * The e-mails of a complaint (complaint.updated): the shopper's ticket, "we are looking into
 * it" and the resolution, each naming the ticket and the grievance officer (Consumer Protection
 * (E-Commerce) Rules 2020, rule 4(5)); and the owner's alert with both deadlines.
 *
 * Anyone can type any address into the complaint form, so the shop never sends a caller's words (their
 * name, their text, the order number they typed) to an address that has not proved itself: the
 * order's own e-mail, which the complaint named with that order (EmailComplaint.emailProven). Any
 * other address gets a fixed acknowledgement in the shop's words only. Names are printed with their
 * links neutralised (neutraliseLinks).
 */

export type GrievanceOfficer = SellerProfile['grievanceOfficer'];


/** Rule 4(5) of these sets both deadlines. */
const RULES = 'Consumer Protection (E-Commerce) Rules, 2020';

/** Text the shopper or the owner wrote, quoted line by line in the text part. */
const quoteText = (value: string) => value.split('\n').map((line) => `> ${line}`);

/** The same, escaped, as a quote block keeping its line breaks. */
const quoteHtml = (value: string) =>
  `<blockquote style="margin:12px 0 20px;padding:8px 14px;border-left:4px solid #d9c3a5;background:#fdf6ec;overflow-wrap:anywhere;word-break:break-word">${value.split('\n').map(e).join('<br>')}</blockquote>`;

const strong = (value: string) => `<strong style="white-space:nowrap">${e(value)}</strong>`;

function officerText(officer: GrievanceOfficer): string[] {
  return [`${officer.name}, ${officer.designation}`, `Phone: ${officer.phone}`, `E-mail: ${officer.email}`];
}

function officerHtml(heading: string, officer: GrievanceOfficer): string {
  return `<div style="margin:24px 0;padding:12px 16px;border-left:4px solid #8b1e1e;background:#fbeaea">
<h2 style="font-size:17px;margin:0 0 6px;color:#8b1e1e">${e(heading)}</h2>
<p style="margin:0">${e(officer.name)}, ${e(officer.designation)}<br>
Phone: <a href="${e(telHref(officer.phone))}" style="${LINK_STYLE};white-space:nowrap">${e(officer.phone)}</a><br>
E-mail: <a href="mailto:${e(officer.email)}" style="${LINK_STYLE}">${e(officer.email)}</a></p>
</div>`;
}

/** What every shopper e-mail of a complaint shares: the greeting, its own part, the grievance officer, the sign-off. */
function compose(
  complaint: EmailComplaint,
  officer: GrievanceOfficer,
  parts: { subject: string; heading: string; text: string[]; html: string; officerHeading: string },
): RenderedEmail {
  const { subject, heading, text, html, officerHeading } = parts;
  const greeting = complaint.emailProven ? `Namaste ${neutraliseLinks(complaint.name)},` : 'Namaste,';
  return {
    subject,
    text: textLines([greeting, '', ...text, '', `${officerHeading}:`, ...officerText(officer).map((line) => `  ${line}`), '', ...SIGN_OFF]),
    html: shopperHtml(subject, heading, [`<p>${e(greeting)}</p>`, html, officerHtml(officerHeading, officer)].join('\n')),
  };
}

function ticketFacts(complaint: EmailComplaint): [string, string][] {
  return [
    ['Ticket number', complaint.ticketNumber],
    ['Received', formatIndiaDateTimeLong(complaint.receivedAt)],
    ['About', complaintCategoryLabel(complaint.category)],
    ...(complaint.orderNumber ? ([['Order', complaint.orderNumber]] as [string, string][]) : []),
  ];
}

/** complaint.updated {received}: the shopper's ticket, its two deadlines and their own words back (to a proven address). */
export function renderComplaintReceived(complaint: EmailComplaint, officer: GrievanceOfficer): RenderedEmail {
  const ticket = complaint.ticketNumber;
  const acknowledgeBy = formatIndiaDateTimeLong(complaint.acknowledgeBy);
  const resolveBy = formatIndiaDateTimeLong(complaint.resolveBy);
  const promise = `As the ${RULES} require, we will acknowledge it by ${acknowledgeBy} and resolve it by ${resolveBy} at the latest.`;
  if (!complaint.emailProven) return renderComplaintAcknowledgement(complaint, officer, promise);
  const facts = ticketFacts(complaint);
  return compose(complaint, officer, {
    subject: `Your complaint has been registered: ticket ${ticket}`,
    heading: 'We have received your complaint',
    officerHeading: 'Our grievance officer',
    text: [
      `We have received your complaint and registered it under ticket number ${ticket}. Please quote it whenever you write or call about it.`,
      '',
      ...facts.map(([label, value]) => `${label}: ${value}`),
      '',
      promise,
      '',
      'Your complaint:',
      ...quoteText(complaint.message),
    ],
    html: [
      `<p>We have received your complaint and registered it under ticket number ${strong(ticket)}. Please quote it whenever you write or call about it.</p>`,
      factsHtml(facts.map(([label, value]) => [label, e(value)])),
      `<p>As the ${e(RULES)} require, we will acknowledge it by ${strong(acknowledgeBy)} and resolve it by ${strong(resolveBy)} at the latest.</p>`,
      `<h2 style="font-size:17px;margin:24px 0 4px">Your complaint</h2>`,
      quoteHtml(complaint.message),
    ].join('\n'),
  });
}

/**
 * The ticket e-mail to an address that has not proved itself: the shop's words only (no name, text or
 * order number from the form), and a line for someone who sent nothing.
 */
function renderComplaintAcknowledgement(complaint: EmailComplaint, officer: GrievanceOfficer, promise: string): RenderedEmail {
  const ticket = complaint.ticketNumber;
  const facts: [string, string][] = [
    ['Ticket number', ticket],
    ['Received', formatIndiaDateTimeLong(complaint.receivedAt)],
    ['About', complaintCategoryLabel(complaint.category)],
  ];
  const intro = `A complaint was sent to us from our website with this e-mail address. We have registered it under ticket number ${ticket}; please quote it whenever you write or call about it.`;
  const notYou = 'If you did not send it, you can ignore this e-mail.';
  return compose(complaint, officer, {
    subject: `Your complaint has been registered: ticket ${ticket}`,
    heading: 'We have received your complaint',
    officerHeading: 'Our grievance officer',
    text: [intro, '', ...facts.map(([label, value]) => `${label}: ${value}`), '', promise, '', notYou],
    html: [
      `<p>${e(intro)}</p>`,
      factsHtml(facts.map(([label, value]) => [label, e(value)])),
      `<p>${e(promise)}</p>`,
      `<p>${e(notYou)}</p>`,
    ].join('\n'),
  });
}

/** complaint.updated {acknowledged}: the owner has read it; when it will be resolved at the latest. */
export function renderComplaintAcknowledged(complaint: EmailComplaint, officer: GrievanceOfficer): RenderedEmail {
  const ticket = complaint.ticketNumber;
  const received = formatIndiaDateTimeLong(complaint.receivedAt);
  const resolveBy = formatIndiaDateTimeLong(complaint.resolveBy);
  const next = 'We will write to you again with what we have done.';
  return compose(complaint, officer, {
    subject: `We are looking into your complaint ${ticket}`,
    heading: 'We are looking into your complaint',
    officerHeading: 'Questions about it? Our grievance officer',
    text: [`We have read your complaint ${ticket}, received on ${received}, and are looking into it.`, '', `We will resolve it by ${resolveBy} at the latest. ${next}`],
    html: [
      `<p>We have read your complaint ${strong(ticket)}, received on ${e(received)}, and are looking into it.</p>`,
      `<p>We will resolve it by ${strong(resolveBy)} at the latest. ${e(next)}</p>`,
    ].join('\n'),
  });
}

/** complaint.updated {resolved}: what the owner did, and whom to turn to if that is not enough. */
export function renderComplaintResolved(complaint: EmailComplaint, officer: GrievanceOfficer): RenderedEmail {
  const ticket = complaint.ticketNumber;
  const received = formatIndiaDateTimeLong(complaint.receivedAt);
  const resolution = complaint.resolution ?? '';
  const unsatisfied = `If you are not satisfied with this resolution, please write to or call our grievance officer, quoting ticket number ${ticket}.`;
  return compose(complaint, officer, {
    subject: `Your complaint ${ticket} has been resolved`,
    heading: 'Your complaint has been resolved',
    officerHeading: 'Our grievance officer',
    text: [`Your complaint ${ticket}, received on ${received}, has been resolved.`, '', 'What we have done:', ...quoteText(resolution), '', unsatisfied],
    html: [
      `<p>Your complaint ${strong(ticket)}, received on ${e(received)}, has been resolved.</p>`,
      `<h2 style="font-size:17px;margin:24px 0 4px">What we have done</h2>`,
      quoteHtml(resolution),
      `<p>${e(unsatisfied)}</p>`,
    ].join('\n'),
  });
}

/** The owner's alert about a new complaint: who, about what, their words, both deadlines and the admin's complaints list. */
export function renderOwnerComplaintAlert(complaint: EmailComplaint, shopUrl: string): RenderedEmail {
  const ticket = complaint.ticketNumber;
  const about = complaintCategoryLabel(complaint.category);
  const subject = `New complaint ${ticket}: ${about}`;
  const listUrl = shopLink(shopUrl, adminComplaintsPath);
  const acknowledgeBy = formatIndiaDateTimeLong(complaint.acknowledgeBy);
  const resolveBy = formatIndiaDateTimeLong(complaint.resolveBy);
  const deadlines = `The ${RULES} ask you to acknowledge it by ${acknowledgeBy} and resolve it by ${resolveBy}.`;
  const order = !complaint.orderNumber
    ? '-'
    : complaint.orderLinked
      ? `${complaint.orderNumber} (its e-mail or phone matches)`
      : `${complaint.orderNumber} as typed: not linked, the e-mail and phone are not that order's`;
  const facts: [string, string][] = [
    ['Ticket', ticket],
    ['Received', formatIndiaDateTimeLong(complaint.receivedAt)],
    ['About', about],
    ['From', [neutraliseLinks(complaint.name), complaint.email, complaint.phone ? `+91 ${complaint.phone}` : ''].filter(Boolean).join(', ')],
    ['E-mail', complaint.emailProven ? "the order's own" : 'not proven: the shopper was sent only a fixed acknowledgement'],
    ['Order', order],
  ];
  const text = [
    'A shopper has sent a complaint.',
    '',
    deadlines,
    '',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    '',
    'Their complaint:',
    ...quoteText(complaint.message),
    '',
    `Acknowledge and resolve it in the admin panel (the shopper is e-mailed each step): ${listUrl}`,
  ].join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(subject)}</title></head>
<body style="margin:0;font-family:system-ui,sans-serif;color:#1f1f1f;font-size:16px;line-height:1.5">
<div style="max-width:640px;padding:16px 20px;overflow-wrap:anywhere">
<h1 style="font-size:20px;margin:0 0 12px">New complaint <span style="white-space:nowrap">${e(ticket)}</span></h1>
<p style="margin:0 0 12px;font-weight:600;color:#8b0000">${e(deadlines)}</p>
<table style="border-collapse:collapse;font-size:15px">${facts.map(([label, value]) => `<tr><th style="text-align:left;vertical-align:top;padding:2px 12px 2px 0;white-space:nowrap">${e(label)}</th><td>${e(value)}</td></tr>`).join('')}</table>
<h2 style="font-size:17px;margin:20px 0 4px">Their complaint</h2>
${quoteHtml(complaint.message)}
<p style="margin:24px 0"><a href="${e(listUrl)}" style="display:inline-block;padding:10px 18px;background:#8b1e1e;color:#fff;text-decoration:none;border-radius:6px;font-weight:600">Open the complaints</a></p>
<p style="font-size:14px;color:#555">The shopper is e-mailed when you acknowledge the complaint and when you resolve it.</p>
</div></body></html>`;
  return { subject, text, html };
}
