// The texts of identity's e-mails. Plain text first (it is what many clients show and what tests
// read); the HTML part says the same, with every interpolated value escaped.
import { z } from 'zod';
import { EmailLinks, ORDER_LINK_KEY_PARAM, PICKUP_TRANSFER_READY_TEXT, RETURN_REFUND_TEXT } from '@pl/contracts';
import type { MailMessage } from './mail-message.js';

const BRAND = 'Professional Liquidation';

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** A line of a mail that reads differently in HTML (an item with its picture): its text, and its HTML made safe by whoever made it. */
interface RichLine {
  text: string;
  html: string;
}

function render(to: string, subject: string, greeting: string, lines: Array<string | RichLine>, link: { url: string; label: string }, after: string[]): MailMessage {
  const text = [greeting, '', ...lines.map((l) => (typeof l === 'string' ? l : l.text)), '', link.url, '', ...after, '', `— ${BRAND}`].join('\n');
  const p = (s: string) => `<p>${escapeHtml(s)}</p>`;
  const html = [
    '<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">',
    p(greeting),
    ...lines.map((l) => (typeof l === 'string' ? p(l) : l.html)),
    `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`,
    p(`Or copy this address into your browser: ${link.url}`),
    ...after.map(p),
    p(`— ${BRAND}`),
    '</body></html>',
  ].join('\n');
  return { to, subject, text, html, links: [link.url] };
}

const greetingFor = (name: string | null) => (name ? `Hello ${name},` : 'Hello,');

export function passwordResetMail(m: { to: string; firstName: string | null; username: string; token: string; publicOrigin: string; validMinutes: number }): MailMessage {
  const url = new URL(EmailLinks.resetPassword(m.token), m.publicOrigin).toString();
  return render(
    m.to,
    `Reset your ${BRAND} password`,
    greetingFor(m.firstName),
    [`Someone asked to reset the password of your ${BRAND} account (${m.username}). To choose a new password, open this link within ${m.validMinutes} minutes:`],
    { url, label: 'Reset your password' },
    ['The link works once. If you did not ask for it, ignore this e-mail: your password stays as it is.'],
  );
}

export function emailVerificationMail(m: { to: string; firstName: string | null; token: string; publicOrigin: string; validHours: number }): MailMessage {
  const url = new URL(EmailLinks.verifyEmail(m.token), m.publicOrigin).toString();
  return render(
    m.to,
    `Confirm your e-mail address for ${BRAND}`,
    greetingFor(m.firstName),
    [`Please confirm that ${m.to} is your e-mail address by opening this link within ${m.validHours} hours:`],
    { url, label: 'Confirm my e-mail address' },
    ['If you did not create an account or change your e-mail address with us, ignore this e-mail.'],
  );
}

/**
 * To the owner of an address another account has just named (a registration or an e-mail change,
 * decision 044), instead of that account's verification link: the one who typed it learns nothing.
 */
export function addressInUseMail(m: { to: string; firstName: string | null; publicOrigin: string }): MailMessage {
  const url = new URL(EmailLinks.forgotPassword, m.publicOrigin).toString();
  return render(
    m.to,
    `Someone tried to use your e-mail address at ${BRAND}`,
    greetingFor(m.firstName),
    [
      `Someone has just created an account at ${BRAND} with this e-mail address (${m.to}), or changed an account's address to it. The address already belongs to your account, and it stays yours: the other account cannot sign in with it, confirm it or reset a password through it.`,
      'If that was you, you already have an account: sign in with it, or choose a new password here:',
    ],
    { url, label: 'Choose a new password' },
    ['If it was not you, you can ignore this e-mail.'],
  );
}

/** The order steps a customer is mailed about (placing the order is 'paid'). */
export const MAILED_ORDER_STATUSES = ['paid', 'ready_for_pickup', 'shipped', 'cancelled', 'return_requested', 'returned'] as const;
/** What an order mail is about: a step of the order, or 'link' (the order lookup's answer). */
export const ORDER_MAIL_SUBJECTS = [...MAILED_ORDER_STATUSES, 'link'] as const;

/** What an order e-mail is about: the facts the cart service's event carried (kept as the queued mail's payload). */
export const OrderMailFacts = z.object({
  orderId: z.string(),
  number: z.string(),
  status: z.enum(ORDER_MAIL_SUBJECTS),
  /** Every step's mail has it; the lookup's link mail does not need it. */
  fulfilment: z
    .discriminatedUnion('type', [
      z.object({ type: z.literal('pickup'), locationId: z.string() }),
      z.object({ type: z.literal('shipping'), address: z.object({ name: z.string(), city: z.string(), state: z.string() }) }),
    ])
    .optional(),
  shipment: z.object({ carrier: z.string(), trackingNumber: z.string() }).nullable().optional(),
  /** `image`: the line's picture as the cart kept it (a path under the shop's origin, usually the cover photo's JPEG). */
  lines: z.array(z.object({ title: z.string().optional(), qty: z.number().int(), price: z.string().optional(), image: z.string().nullable().optional() })).optional(),
  total: z.string().optional(),
  /** The order link's key: the link then opens the order without an account (a guest on any device). */
  accessKey: z.string().optional(),
  /** Cancelled or returned: the money given back and the items it is for; cancelled: the store's reason. */
  refund: z.string().optional(),
  items: z.array(z.string()).optional(),
  reason: z.string().optional(),
  /** A pickup with units from other locations (it takes longer to be ready). */
  transferFrom: z.array(z.string()).optional(),
});
export type OrderMailFacts = z.infer<typeof OrderMailFacts>;

const money = (decimal: string) => `$${Number(decimal).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * Where a mail client can fetch a line's picture: an http(s) address, a path made absolute under the
 * shop's public origin. Not a drawing (SVG): most mail clients do not show SVG, and a broken image in
 * a confirmation reads worse than none. Undefined when there is nothing to show.
 */
export function mailImageUrl(image: string | null | undefined, publicOrigin: string): string | undefined {
  if (!image) return undefined;
  let url: URL;
  try {
    url = new URL(image, publicOrigin);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (/\.svg$/i.test(url.pathname)) return undefined;
  return url.toString();
}

/** Width of a line's picture in an order mail (its height follows the photo). */
const MAIL_IMAGE_WIDTH = 64;

/** An ordered item: '2 × Lamp at $10.00' in the text; in the HTML the same beside its picture, when it has one a mail can show. */
function itemLine(line: NonNullable<OrderMailFacts['lines']>[number], publicOrigin: string): RichLine {
  const text = `${line.qty} × ${line.title ?? 'Item'}${line.price ? ` at ${money(line.price)}` : ''}`;
  const image = mailImageUrl(line.image, publicOrigin);
  // A table: what mail clients lay out alike. The picture's alt is empty: the words beside it say what it is.
  const picture = image
    ? `<img src="${escapeHtml(image)}" alt="" width="${MAIL_IMAGE_WIDTH}" style="display: block; width: ${MAIL_IMAGE_WIDTH}px; height: auto; border-radius: 4px">`
    : '';
  const html = [
    '<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin: 0 0 8px"><tr>',
    `<td width="${MAIL_IMAGE_WIDTH}" style="width: ${MAIL_IMAGE_WIDTH}px; padding-right: 12px; vertical-align: middle">${picture}</td>`,
    `<td style="vertical-align: middle">${escapeHtml(text)}</td>`,
    '</tr></table>',
  ].join('');
  return { text, html };
}

const list = (items: readonly string[] | undefined) => (items && items.length > 0 ? items.join(', ') : 'your items');
/** The store's words as a sentence (a full stop unless they end with one). */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);
const REFUND_TIMING = 'It may take 5-7 business days to show on your card statement.';

/** Every order e-mail: the confirmation, ready for pickup, shipped (spec §9's promises), cancelled, returns, and the lookup's link. */
export function orderMail(m: { to: string; firstName: string | null; facts: OrderMailFacts; publicOrigin: string }): MailMessage {
  const { facts } = m;
  const url = new URL(`/orders/${encodeURIComponent(facts.orderId)}`, m.publicOrigin);
  if (facts.accessKey) url.searchParams.set(ORDER_LINK_KEY_PARAM, facts.accessKey);
  const link = { url: url.toString(), label: `View order ${facts.number}` };
  const pickup = facts.fulfilment?.type === 'pickup';
  if (facts.status === 'link') {
    return render(m.to, `Your order ${facts.number}`, greetingFor(m.firstName), [`You asked for a link to your order ${facts.number}. It opens the order without signing in:`], link, [
      'If you did not ask for it, you can ignore this e-mail. Anyone with this link can see the order, so please do not forward it.',
    ]);
  }
  if (facts.status === 'cancelled') {
    return render(m.to, `Your order ${facts.number} was cancelled`, greetingFor(m.firstName), [
      `We're sorry: your order ${facts.number} was cancelled by the store.${facts.reason ? ` Reason: ${sentence(facts.reason)}` : ''}`,
      ...(facts.refund ? [`We've refunded ${money(facts.refund)} to your card. ${REFUND_TIMING}`] : []),
      'Your order:',
    ], link, []);
  }
  if (facts.status === 'return_requested') {
    const where = pickup
      ? 'Bring the items and your order number to the store you picked them up from.'
      : 'Pack the items with your order number and bring them to one of our stores, or ship them back to the address on your order page.';
    return render(m.to, `Return requested for order ${facts.number}`, greetingFor(m.firstName), [
      `We've received your return request for ${list(facts.items)}.`,
      where,
      RETURN_REFUND_TEXT,
      'Your order:',
    ], link, []);
  }
  if (facts.status === 'returned') {
    return render(m.to, `We've received your return for order ${facts.number}`, greetingFor(m.firstName), [
      `We've received your return of ${list(facts.items)}${facts.refund ? ` and refunded ${money(facts.refund)} to your card. ${REFUND_TIMING}` : '.'}`,
      'Your order:',
    ], link, []);
  }
  if (facts.status === 'ready_for_pickup') {
    return render(m.to, `Your order ${facts.number} is ready for pickup`, greetingFor(m.firstName), [
      `Good news: your order ${facts.number} is ready for pickup at the store you chose.`,
      'Bring a valid ID and your order confirmation (this e-mail or the order number). The store and its opening hours are on your order page:',
    ], link, ['Pickup is free.']);
  }
  if (facts.status === 'shipped') {
    const tracking = facts.shipment ? `It is on its way with ${facts.shipment.carrier}, tracking number ${facts.shipment.trackingNumber}.` : 'It is on its way.';
    return render(m.to, `Your order ${facts.number} has shipped`, greetingFor(m.firstName), [tracking, 'Standard delivery takes 5-7 business days. Follow your order here:'], link, []);
  }
  const items = (facts.lines ?? []).map((l) => itemLine(l, m.publicOrigin));
  const next = pickup
    ? facts.transferFrom?.length
      ? `Some items are coming to the store from another of our locations, so your order will be ready for pickup ${PICKUP_TRANSFER_READY_TEXT}. We'll e-mail you when it is ready. Bring a valid ID and your order confirmation.`
      : "We'll e-mail you when it is ready for pickup, usually within 24 hours. Bring a valid ID and your order confirmation."
    : "Orders are processed in 1-2 business days (usually the same day when placed before 2 PM); standard delivery then takes 5-7 business days. We'll e-mail you the tracking number when it ships.";
  return render(
    m.to,
    `Order ${facts.number} confirmed`,
    greetingFor(m.firstName),
    [`Thank you for your order ${facts.number}.`, ...items, ...(facts.total ? [`Total: ${money(facts.total)} (tax included, ${pickup ? 'pickup' : 'shipping'} free).`] : []), next, 'Your order:'],
    link,
    ['Returns are accepted within 7 days of pickup or delivery; For Parts items are final sale.'],
  );
}
