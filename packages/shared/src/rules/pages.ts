/**
 * Which addresses are pages of the portal, and who is reading them: the server answers an
 * unknown path with 404 (SPEC.md section 2) and leaves the error page out for crawlers
 * (SPEC.md section 8); the web app's error page does the same.
 */

/**
 * Search engines, link previews and archivers announce themselves in the User-Agent: a bot,
 * crawler or spider by name (Googlebot, bingbot, Slackbot...), or one of the well-known fetchers
 * that do not say so. A phone named Cubot is not a bot.
 */
const CRAWLER_USER_AGENT =
  /(?<!cu)bot\b|crawl|spider|slurp|archiver|mediapartners|facebookexternalhit|facebookcatalog|embedly|quora link preview|pinterest|vkshare|w3c_validator|whatsapp/i;

export const isCrawlerUserAgent = (userAgent: string | null | undefined): boolean =>
  Boolean(userAgent) && CRAWLER_USER_AGENT.test(userAgent ?? '');

/**
 * A route pattern of the web app's router ("/recovery/:token", "/onboarding/start") as a test of
 * a path. Like the router: a `:name` segment is any one non-empty segment, a trailing `*` any
 * rest, letters match in either case, and a trailing slash does not count.
 */
export function routePatternTest(pattern: string): (path: string) => boolean {
  const segments = pattern.split('/').filter(Boolean);
  const source = segments
    .map((segment) => {
      if (segment === '*') return '(?:/.*)?';
      if (segment.startsWith(':')) return '/[^/]+';
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  const regex = new RegExp(`^${source || '/'}/*$`, 'i');
  return (path) => regex.test(path);
}

/** One test for a list of route patterns: whether a path is one of the app's pages. */
export function routeMatcher(patterns: readonly string[]): (path: string) => boolean {
  const tests = patterns.map(routePatternTest);
  return (path) => {
    const bare = path.split(/[?#]/)[0] || '/';
    return tests.some((test) => test(bare));
  };
}
