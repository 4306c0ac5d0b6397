/**
 * Screenshots of every page (e2e/support/pages.ts) at 1280 and 390 px, full length, for looking at
 * what a change did to the look (before and after it). Against a running portal with the
 * demo data:
 *
 *   node --import tsx e2e/page-shots.ts http://localhost:3999 /tmp/shots
 *
 * Writes <width>/<who>--<page>.png and prints a line per page (its h1, or what went wrong); a page
 * that fails is reported and the rest still run. Exits 1 only when it could not start.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS, DEMO_PASSWORD } from './support/demo';
import { PUBLIC_PAGES, SIGNED_IN_PAGES } from './support/pages';

const WIDTHS = [1280, 390];

const fileName = (who: string, page: string) =>
  `${who}--${page.replace(/^\//, '').replace(/[^\w.-]+/g, '_') || 'home'}.png`;

async function shoot(page: Page, url: string, file: string) {
  try {
    await page.goto(url);
    const heading = page.getByRole('heading', { level: 1 }).first();
    await heading.waitFor({ state: 'visible', timeout: 15_000 });
    // Settled: some pages poll (the mailbox, the message queue), so quiet may never come.
    await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => {});
    // The page transition fades in (SPEC.md section 2).
    await page.waitForTimeout(400);
    await page.screenshot({ path: file, fullPage: true });
    const landed = new URL(page.url()).pathname;
    const moved = landed === new URL(url).pathname ? '' : ` (landed on ${landed})`;
    console.log(`  ${path.basename(file)}: ${(await heading.textContent())?.trim()}${moved}`);
  } catch (error) {
    console.log(`  ${path.basename(file)}: FAILED ${(error as Error).message.split('\n')[0]}`);
  }
}

async function signIn(page: Page, baseUrl: string, email: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 30_000 });
}

async function main(baseUrl: string, outDir: string, browser: Browser) {
  for (const width of WIDTHS) {
    const dir = path.join(outDir, String(width));
    mkdirSync(dir, { recursive: true });
    console.log(`${width} px`);
    const viewport = { width, height: 900 };
    const visitor = await browser.newPage({ viewport });
    for (const [page] of PUBLIC_PAGES)
      await shoot(visitor, `${baseUrl}${page}`, path.join(dir, fileName('public', page)));
    await visitor.context().close();
    for (const { user, paths } of SIGNED_IN_PAGES) {
      const page = await browser.newPage({ viewport });
      const who = user.split('@')[0]!;
      try {
        await signIn(page, baseUrl, user);
      } catch (error) {
        console.log(`  ${who}: could not sign in: ${(error as Error).message.split('\n')[0]}`);
        await page.context().close();
        continue;
      }
      for (const pagePath of paths)
        await shoot(page, `${baseUrl}${pagePath}`, path.join(dir, fileName(who, pagePath)));
      await page.context().close();
    }
  }
}

const [baseUrl, outDir] = process.argv.slice(2);
if (!baseUrl || !outDir) {
  console.error('usage: node --import tsx e2e/page-shots.ts <portal URL> <folder>');
  process.exit(1);
}
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
try {
  await main(baseUrl.replace(/\/$/, ''), outDir, browser);
} finally {
  await browser.close();
}
