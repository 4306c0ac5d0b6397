import { createRequire } from 'node:module';
import type sanitizeHtml from 'sanitize-html';

/**
 * What an agent's message may contain: the composer's paragraphs, bold, italic, lists and
 * links. Everything else (scripts, styles, event handlers, images, frames, forms) is removed
 * here, whatever the browser sent (SECURITY.md item 17).
 */
const ALLOWED_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'ul', 'ol', 'li', 'a'];
const LINK_SCHEMES = ['http', 'https', 'mailto'];
const SAFE_HREF = /^(https?:\/\/|mailto:)/i;

/** sanitize-html (and its HTML parser) loads with the first message, not when the server starts. */
let loaded: { sanitize: typeof sanitizeHtml; options: sanitizeHtml.IOptions } | null = null;
const sanitizer = () => {
  if (!loaded) {
    const sanitize = createRequire(import.meta.url)('sanitize-html') as typeof sanitizeHtml;
    loaded = { sanitize, options: optionsOf(sanitize) };
  }
  return loaded;
};

const optionsOf = (sanitize: typeof sanitizeHtml): sanitizeHtml.IOptions => ({
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: LINK_SCHEMES,
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Their content is code or chrome, not words of the message.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'head', 'template', 'iframe'],
  disallowedTagsMode: 'discard',
  transformTags: {
    // Blocks pasted from elsewhere stay apart as paragraphs instead of running together.
    ...Object.fromEntries(
      ['div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre'].map((tag) => [
        tag,
        sanitize.simpleTransform('p', {}, false),
      ]),
    ),
    a: (_tagName, attribs): sanitizeHtml.Tag => {
      const href = (attribs.href ?? '').trim();
      // A link to anywhere else (javascript:, data:, relative) loses its target here and its
      // tag in unwrapDeadLinks; renaming the tag instead confuses sanitize-html's closing tags.
      if (!SAFE_HREF.test(href)) return { tagName: 'a', attribs: {} };
      return { tagName: 'a', attribs: { href, rel: 'noopener noreferrer', target: '_blank' } };
    },
  },
});

/** `<a>` without attributes is a link whose target was refused: keep its words only. */
function unwrapDeadLinks(html: string): string {
  let previous: string;
  let current = html;
  do {
    previous = current;
    current = current.replace(/<a>([\s\S]*?)<\/a>/g, '$1');
  } while (current !== previous);
  return current;
}

export function sanitizeMessageHtml(html: string): string {
  const { sanitize, options } = sanitizer();
  return unwrapDeadLinks(sanitize(html, options)).trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const attribute = (tag: string, name: string) =>
  tag.match(new RegExp(`\\s${name}="([^"]*)"`, 'i'))?.[1] ?? '';

/**
 * The plain-text part of the mail, from HTML that `sanitizeMessageHtml` already reduced to the
 * few tags above (which is what makes these replacements safe): paragraphs as blank lines,
 * list items as "- item", links as "text (url)".
 */
export function htmlToText(safeHtml: string): string {
  const text = safeHtml
    .replace(/<a\s[^>]*>([\s\S]*?)<\/a>/gi, (tag, inner: string) => {
      // Still entity-encoded here: the whole text is decoded once, below.
      const href = attribute(tag, 'href');
      const words = inner.replace(/<[^>]+>/g, '').trim();
      const shown = href.replace(/^mailto:/i, '');
      const same = [href, shown].map(decodeEntities).includes(decodeEntities(words));
      return !words || same ? shown : `${words} (${shown})`;
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li>/gi, '\n- ')
    .replace(/<\/(p|ul|ol)>/gi, '\n\n')
    .replace(/<[^>]+>/g, '');
  return (
    decodeEntities(text)
      .replace(/[ \t]+\n/g, '\n')
      // A list's items (each item's paragraph ends in a blank line above) stand one per line.
      .replace(/(?<=^- [^\n]*)\n{2,}(?=- )/gm, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}
