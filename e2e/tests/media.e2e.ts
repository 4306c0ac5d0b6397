import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, expectAccessible, useBrowser } from '../support/browser';
import { seeHeading, seeText, signIn } from '../support/mailbox';

const browser = useBrowser();
const AGENT = 'onboarding.agent@demo.agentportal.local';

/** Files as an agent would pick them from disk. */
const files = { headshot: '', logo: '', video: '' };
let dir = '';

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'portal-media-e2e-'));
  const image = (r: number, g: number, b: number, size: number) =>
    sharp({ create: { width: size, height: size, channels: 3, background: { r, g, b } } })
      .png()
      .toBuffer();
  files.headshot = path.join(dir, 'my-headshot.png');
  writeFileSync(files.headshot, await image(40, 110, 180, 600));
  files.logo = path.join(dir, 'summit-logo.png');
  writeFileSync(files.logo, await image(21, 128, 61, 200));
  // The start of an MP4 file: a valid `ftyp` box, then padding.
  files.video = path.join(dir, 'fsbo-intro.mp4');
  writeFileSync(
    files.video,
    Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(2048)]),
  );
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The status badge next to the page's title: Completed or Not yet. */
const stepStatus = (page: Page) => page.locator('header [data-done]');

/** An image has been fetched and decoded by the browser (the server really serves it). */
async function expectLoaded(image: Locator) {
  await image.waitFor({ state: 'visible' });
  await expect
    .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
}

describe('media uploads', () => {
  it('uploads a headshot, a logo and a video, sees the steps complete, then deletes the headshot', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, AGENT, DEMO_PASSWORD);
    await page.waitForURL(/\/onboarding$/);

    // Headshots: upload one, watch it go through, see it in the gallery.
    await page.goto('/onboarding/media/headshots');
    await seeHeading(page, 'Headshots');
    await expect.poll(() => stepStatus(page).textContent()).toBe('Not yet');
    await page.getByLabel('Add headshots').setInputFiles(files.headshot);
    const progress = page.getByRole('progressbar', { name: 'Upload of my-headshot.png' });
    await progress.waitFor({ state: 'visible' });
    // Uploaded: said to screen readers, and the row gives way to the gallery (one list).
    await seeText(page, /^my-headshot\.png uploaded\.$/);
    await progress.waitFor({ state: 'detached' });
    await expectLoaded(page.getByRole('img', { name: 'Headshot 1 of 1' }));
    await expect.poll(() => stepStatus(page).textContent()).toBe('Completed');
    await expectAccessible(page);

    // Branding: a brokerage logo is all an agent without a team needs.
    await page.getByRole('link', { name: 'Continue to Additional photos' }).click();
    await seeHeading(page, 'Additional photos');
    // A step the agent confirms: Continue marks it done.
    await page.getByRole('button', { name: 'Mark done and continue to Branding' }).click();
    await seeHeading(page, 'Branding');
    await seeText(page, /A team logo is asked only of agents who work with a real-estate team/);
    await page.getByLabel('Add brokerage logos').setInputFiles(files.logo);
    await seeText(page, /^summit-logo\.png uploaded\.$/);
    await expectLoaded(page.getByRole('img', { name: 'Brokerage logo 1 of 1' }));
    await expect.poll(() => stepStatus(page).textContent()).toBe('Completed');

    // Videos: an FSBO video, played back from the server.
    await page.goto('/onboarding/video/videos_upload');
    await seeHeading(page, 'Video upload');
    await page.getByLabel('Add FSBO videos').setInputFiles(files.video);
    await seeText(page, /^fsbo-intro\.mp4 uploaded\.$/);
    // Named by the file it was uploaded from.
    const video = page.getByLabel('fsbo-intro.mp4 (FSBO video 1 of 1)', { exact: true });
    await video.waitFor({ state: 'visible' });
    expect(await video.evaluate((element) => element.tagName)).toBe('VIDEO');
    const src = await video.getAttribute('src');
    expect(src).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
    const served = await page.request.get(src!, { headers: { Range: 'bytes=0-11' } });
    expect(served.status()).toBe(206);
    expect((await served.body()).subarray(4, 8).toString('latin1')).toBe('ftyp');
    // A stored step: uploading does not mark it, and the page says so.
    await expect.poll(() => stepStatus(page).textContent()).toBe('Not yet');

    // The overview: headshots and branding done by their files, additional photos by the agent.
    await page.goto('/onboarding');
    await seeHeading(page, 'Onboarding');
    const media = page.locator('[data-slot="card"]').filter({
      has: page.getByRole('heading', { name: 'Media Upload' }),
    });
    await expect.poll(() => media.locator('[data-status]').textContent()).toBe('Completed');
    const stepIn = (title: string) =>
      media
        .getByRole('listitem')
        .filter({ has: page.getByRole('link', { name: title }) })
        .locator('[data-done]');
    expect(await stepIn('Headshots').textContent()).toBe('Completed');
    expect(await stepIn('Branding').textContent()).toBe('Completed');
    expect(await stepIn('Additional photos').textContent()).toBe('Completed');

    // Deleting the only headshot takes the step back.
    await media.getByRole('link', { name: 'Headshots' }).click();
    await seeHeading(page, 'Headshots');
    await page.getByRole('button', { name: 'Delete Headshot 1 of 1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this photo?' });
    await dialog.getByText('This cannot be undone.').waitFor();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await seeText(page, 'Photo deleted.');
    await seeText(page, 'You have not uploaded any headshots yet.');
    await expect.poll(() => stepStatus(page).textContent()).toBe('Not yet');

    // The server agrees after a reload.
    await page.reload();
    await seeHeading(page, 'Headshots');
    await seeText(page, 'You have not uploaded any headshots yet.');
    await expect.poll(() => stepStatus(page).textContent()).toBe('Not yet');
    await page.goto('/onboarding');
    await expect.poll(() => media.locator('[data-status]').textContent()).toBe('In progress');
    await page.context().close();
  });

  it('refuses a file that is not an image before sending it', async () => {
    const page = await browser.newPage();
    await signIn(page, AGENT, DEMO_PASSWORD);
    await page.waitForURL(/\/onboarding$/);
    await page.goto('/onboarding/media/headshots');
    await seeHeading(page, 'Headshots');
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/upload')) uploads.push(request.url());
    });
    await page.getByLabel('Add headshots').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a photo'),
    });
    await seeText(page, 'Not sent. Headshot: this type of file is not accepted. Use JPEG, PNG, WebP.');
    expect(uploads).toEqual([]);
    await page.context().close();
  });
});
