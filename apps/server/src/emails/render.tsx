/** @jsxRuntime automatic */

import { Preview } from '@react-email/components';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { BRAND } from './brand';
import { EmailFrame, type EmailParts, footerLine, presentRows } from './layout';

/** An e-mail ready for the outbox: both bodies, the subject and the template's stable name. */
export interface Email {
  template: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Lead e-mails are rendered inside the intake request. React Email's `render` streams the whole
 * document and costs a few milliseconds each time; the frame never changes, so it is rendered
 * once with markers in its slots, and each e-mail renders only what fills them, synchronously.
 * React escapes every piece; the markers hold nothing React would escape.
 */
const SLOTS = {
  lang: 'email-slot-lang-3c9f1a',
  preview: 'email-slot-preview-3c9f1a',
  heading: 'email-slot-heading-3c9f1a',
  footer: 'email-slot-footer-3c9f1a',
  body: 'email-slot-body-3c9f1a',
} as const;
type Slot = keyof typeof SLOTS;

let frame: Promise<string[]> | null = null;

/** The frame's HTML cut at its slots: [before, slot, between, slot, ..., after]. */
async function renderFrame(): Promise<string[]> {
  // React Email's renderer (and the formatter it brings) loads with the first e-mail, not the server.
  const { render } = await import('@react-email/render');
  const html = await render(
    <EmailFrame lang={SLOTS.lang} preview={SLOTS.preview} heading={SLOTS.heading} footer={SLOTS.footer}>
      {SLOTS.body}
    </EmailFrame>,
  );
  const names = Object.keys(SLOTS) as Slot[];
  const pattern = new RegExp(`(${names.map((name) => SLOTS[name]).join('|')})`);
  const pieces = html.split(pattern);
  for (const name of names) {
    if (pieces.filter((piece) => piece === SLOTS[name]).length !== 1)
      throw new Error(`The e-mail frame must hold the ${name} slot exactly once`);
  }
  return pieces;
}

/**
 * Between two filled slots in one render: an element, so no escaped text of an e-mail (a lead's
 * name from the intake API, say) can ever produce it.
 */
const SEPARATOR_TAG = 'x-email-slot';
const SEPARATOR = `<${SEPARATOR_TAG}></${SEPARATOR_TAG}>`;
const separator = () => createElement(SEPARATOR_TAG);

/** The e-mail's HTML: the cached frame with its slots filled, the four texts in one React render. */
export async function renderHtml(parts: EmailParts): Promise<string> {
  frame ??= renderFrame().catch((error) => {
    frame = null;
    throw error;
  });
  const pieces = await frame;
  const [preview, heading, footer, body] = renderToStaticMarkup(
    <>
      <Preview>{parts.preview}</Preview>
      {separator()}
      {parts.heading}
      {separator()}
      {footerLine(parts.footer)}
      {separator()}
      {parts.body}
    </>,
  ).split(SEPARATOR);
  const fill: Record<string, string | undefined> = {
    // One of PORTAL_LANGS: nothing to escape in an attribute.
    [SLOTS.lang]: parts.lang ?? 'en',
    [SLOTS.preview]: preview,
    [SLOTS.heading]: heading,
    [SLOTS.footer]: footer,
    [SLOTS.body]: body,
  };
  return pieces.map((piece) => fill[piece] ?? piece).join('');
}

/** A header never carries a line break, whatever a name or a title holds. */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

export type TextBlock = string | null | undefined | false;

/** Both bodies of an e-mail; the text ends with the same footer as the HTML. */
export async function renderEmail(
  options: EmailParts & { template: string; subject: string; text: TextBlock[] },
): Promise<Email> {
  return {
    template: options.template,
    subject: oneLine(options.subject),
    html: await renderHtml(options),
    text: textBody(...options.text, options.footer ? `${options.footer}\n${BRAND.name}` : BRAND.name),
  };
}

/**
 * The plain-text twin, written by hand rather than converted from the HTML: blocks separated by a
 * blank line, empty blocks left out. A link stands alone after its label so that no punctuation
 * sticks to it and a mail client makes it clickable.
 */
export const textBody = (...blocks: TextBlock[]) =>
  `${blocks.filter((b): b is string => typeof b === 'string' && b.trim() !== '').join('\n\n')}\n`;

export const textLink = (label: string, url: string) => `${label}:\n${url}`;

/** "Label: value" lines of the rows that have a value. */
export const textRows = (rows: [string, string | null | undefined][]) =>
  presentRows(rows)
    .map(([label, value]) => `${label}: ${value}`)
    .join('\n');
