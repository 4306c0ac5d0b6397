import { describe, expect, it } from 'vitest';
import { isCrawlerUserAgent, routeMatcher } from './pages';

describe('isCrawlerUserAgent', () => {
  it('knows search engines, link previews and archivers', () => {
    for (const ua of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36',
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'DuckDuckBot-Https/1.1; (+https://duckduckgo.com/duckduckbot)',
      'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
      'ia_archiver (+http://www.alexa.com/site/help/webmasters; crawler@alexa.com)',
    ]) {
      expect(isCrawlerUserAgent(ua), ua).toBe(true);
    }
  });

  it('leaves people and their browsers alone, headless test browsers and Cubot phones included', () => {
    for (const ua of [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'Mozilla/5.0 (Linux; Android 10; CUBOT P40) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
      '',
      undefined,
    ]) {
      expect(isCrawlerUserAgent(ua), String(ua)).toBe(false);
    }
  });
});

describe('routeMatcher', () => {
  const isPage = routeMatcher(['/', '/login', '/recovery/:token', '/es/recovery', '/onboarding/start']);

  it('matches fixed paths and patterns with parameters, as the router does', () => {
    for (const path of [
      '/',
      '/login',
      '/LOGIN',
      '/login/',
      '/login?next=%2Fleads',
      '/recovery/abc.def',
      '/es/recovery',
    ]) {
      expect(isPage(path), path).toBe(true);
    }
  });

  it('refuses what no route matches', () => {
    for (const path of [
      '/no/such/page',
      '/recovery',
      '/recovery/a/b',
      '/fr/recovery',
      '/loginx',
      '/onboarding',
    ]) {
      expect(isPage(path), path).toBe(false);
    }
  });
});
