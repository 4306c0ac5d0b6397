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

/**
 * The e-mail's HTML: the cached frame with its slots filled, the four texts in one React render.
 * `keepPreview`: the preview's slot stays a mark (a template fills it for each e-mail).
 */
export async function renderHtml(parts: EmailParts, { keepPreview = false } = {}): Promise<string> {
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
    [SLOTS.preview]: keepPreview ? SLOTS.preview : preview,
    [SLOTS.heading]: heading,
    [SLOTS.footer]: footer,
    [SLOTS.body]: body,
  };
  return pieces.map((piece) => fill[piece] ?? piece).join('');
}

/** A header never carries a line break, whatever a name or a title holds. */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

export type TextBlock = string | null | undefined | false;

/** Everything an e-mail says, before its HTML is rendered. */
export type EmailContent = EmailParts & { template: string; subject: string; text: TextBlock[] };

/** The e-mail of these parts with this HTML; the text ends with the same footer as the HTML. */
const emailOf = (parts: EmailContent, html: string): Email => ({
  template: parts.template,
  subject: oneLine(parts.subject),
  html,
  text: textBody(...parts.text, parts.footer ? `${parts.footer}\n${BRAND.name}` : BRAND.name),
});

/** Both bodies of an e-mail. */
export async function renderEmail(parts: EmailContent): Promise<Email> {
  return emailOf(parts, await renderHtml(parts));
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

/** As React escapes text and attribute values. */
const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#x27;');

/** Stands for a word while a template renders; nothing a word holds once escaped looks like it. */
const markOf = (key: string) => `emailword${key}mark7f3a`;
const FILLED = new RegExp(`emailword([a-z]+)mark7f3a|${SLOTS.preview}`, 'g');

/**
 * Templates kept per e-mail: the oldest goes first beyond this (each is about 10 kB). The lead
 * e-mail's words allow 256 shapes in one language.
 */
const SHAPES = 512;

/** React's test of an address it will not write as given (react-dom's isJavaScriptProtocol). */
const JAVASCRIPT_URL =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: React's test skips leading control characters.
  /^[\u0000-\u001F ]*j[\r\n\t]*a[\r\n\t]*v[\r\n\t]*a[\r\n\t]*s[\r\n\t]*c[\r\n\t]*r[\r\n\t]*i[\r\n\t]*p[\r\n\t]*t[\r\n\t]*:/i;

/** What a template's parts are made of: plain strings, empty where the e-mail has none. */
export type EmailWords<K extends string> = Record<K, string>;

/**
 * An e-mail written in bulk (every lead's, every offer's) without rendering each one: its parts
 * are made from plain-string words, and its HTML is rendered once per shape (which words it has)
 * with a mark for each word; each e-mail fills the marks with its words, escaped as React escapes
 * them. The preview, whose padding depends on its length, is rendered for each e-mail; the
 * subject and the text are the parts' own. `partsOf` uses a word only whole, as a text or an
 * attribute's value, and decides on a word only by whether it is empty: the tests compare both
 * ways. Keys are lower-case letters.
 */
export function emailTemplate<K extends string>(
  keys: readonly K[],
  partsOf: (words: EmailWords<K>) => EmailContent,
): (words: EmailWords<K>) => Promise<Email> {
  for (const key of keys) {
    if (!/^[a-z]+$/.test(key)) throw new Error(`An e-mail word is named in lower-case letters: ${key}`);
  }
  // Each shape rendered once per process; never more than SHAPES kept.
  const templates = new Map<string, Promise<string>>();
  return async (words) => {
    const parts = partsOf(words);
    // React writes a javascript: address as a harmless one; such an e-mail is rendered whole.
    if (keys.some((key) => JAVASCRIPT_URL.test(words[key]))) return renderEmail(parts);
    const shape = `${parts.lang ?? 'en'} ${keys.map((key) => (words[key] ? '1' : '0')).join('')}`;
    let template = templates.get(shape);
    if (!template) {
      const marks = Object.fromEntries(keys.map((key) => [key, words[key] ? markOf(key) : '']));
      template = renderHtml(partsOf(marks as EmailWords<K>), { keepPreview: true });
      if (templates.size >= SHAPES) templates.delete(templates.keys().next().value!);
      templates.set(shape, template);
      const kept = template;
      kept.catch(() => {
        if (templates.get(shape) === kept) templates.delete(shape);
      });
    }
    // One pass: a word put in is never read again for marks.
    const html = (await template).replace(FILLED, (_, key: K | undefined) =>
      key === undefined ? renderToStaticMarkup(<Preview>{parts.preview}</Preview>) : escapeHtml(words[key]),
    );
    return emailOf(parts, html);
  };
}
