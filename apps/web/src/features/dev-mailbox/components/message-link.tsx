import { Link } from 'react-router';

const EXTERNAL_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/**
 * A link found in a message: same-origin links open inside the portal (a magic link signs in
 * here), others in a new tab. Anything that is not a plain web, mail or phone link stays text.
 */
export function MessageLink({ href }: { href: string }) {
  let url: URL;
  try {
    url = new URL(href, window.location.origin);
  } catch {
    return <span className="break-all">{href}</span>;
  }
  if (url.origin === window.location.origin) {
    return (
      <Link to={`${url.pathname}${url.search}${url.hash}`} className="break-all">
        {href}
      </Link>
    );
  }
  if (!EXTERNAL_PROTOCOLS.has(url.protocol)) return <span className="break-all">{href}</span>;
  return (
    <a href={url.href} target="_blank" rel="noopener noreferrer" className="break-all">
      {href}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
