import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, seeHeading, seeText, test } from '../fixtures';
import { expectAccessible } from '../support/accessibility';

/** Files as an agent would pick them from disk. */
const files = { headshot: '', logo: '', video: '' };
let dir = '';

test.beforeAll(async () => {
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

test.afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The status badge next to the page's title: Completed or Not yet. */
const stepStatus = (page: Page) => page.locator('header [data-done]');

/** An image has been fetched and decoded by the browser (the server really serves it). */
async function expectImageLoaded(image: Locator) {
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
}

test.describe('media uploads', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('uploads a headshot, a logo and a video, sees the steps complete, then deletes the headshot', async ({
    onboardingAgent: page,
  }) => {
    // Headshots: upload one, watch it go through, see it in the gallery.
    await page.goto('/onboarding/media/headshots');
    await seeHeading(page, 'Headshots');
    await expect(stepStatus(page)).toHaveText('Not yet');
    await page.getByLabel('Add headshots').setInputFiles(files.headshot);
    const progress = page.getByRole('progressbar', { name: 'Upload of my-headshot.png' });
    await expect(progress).toBeVisible();
    // Uploaded: said to screen readers, and the row gives way to the gallery (one list).
    await seeText(page, /^my-headshot\.png uploaded\.$/);
    await expect(progress).toHaveCount(0);
    await expectImageLoaded(page.getByRole('img', { name: 'Headshot 1 of 1' }));
    await expect(stepStatus(page)).toHaveText('Completed');
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
    await expectImageLoaded(page.getByRole('img', { name: 'Brokerage logo 1 of 1' }));
    await expect(stepStatus(page)).toHaveText('Completed');

    // Videos: an FSBO video, played back from the server.
    await page.goto('/onboarding/video/videos_upload');
    await seeHeading(page, 'Video upload');
    await page.getByLabel('Add FSBO videos').setInputFiles(files.video);
    await seeText(page, /^fsbo-intro\.mp4 uploaded\.$/);
    // Named by the file it was uploaded from.
    const video = page.getByLabel('fsbo-intro.mp4 (FSBO video 1 of 1)', { exact: true });
    await expect(video).toBeVisible();
    expect(await video.evaluate((element) => element.tagName)).toBe('VIDEO');
    await expect(video).toHaveAttribute('src', /^\/api\/files\/[0-9a-f-]{36}$/);
    const src = await video.getAttribute('src');
    const served = await page.request.get(src!, { headers: { Range: 'bytes=0-11' } });
    expect(served.status()).toBe(206);
    expect((await served.body()).subarray(4, 8).toString('latin1')).toBe('ftyp');
    // A stored step: uploading does not mark it, and the page says so.
    await expect(stepStatus(page)).toHaveText('Not yet');

    // The overview: headshots and branding done by their files, additional photos by the agent.
    await page.goto('/onboarding');
    await seeHeading(page, 'Onboarding');
    const media = page.locator('[data-slot="card"]').filter({
      has: page.getByRole('heading', { name: 'Media Upload' }),
    });
    await expect(media.locator('[data-status]')).toHaveText('Completed');
    const stepIn = (title: string) =>
      media
        .getByRole('listitem')
        .filter({ has: page.getByRole('link', { name: title }) })
        .locator('[data-done]');
    await expect(stepIn('Headshots')).toHaveText('Completed');
    await expect(stepIn('Branding')).toHaveText('Completed');
    await expect(stepIn('Additional photos')).toHaveText('Completed');

    // Deleting the only headshot takes the step back.
    await media.getByRole('link', { name: 'Headshots' }).click();
    await seeHeading(page, 'Headshots');
    await page.getByRole('button', { name: 'Delete Headshot 1 of 1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this photo?' });
    await expect(dialog.getByText('This cannot be undone.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await seeText(page, 'Photo deleted.');
    await seeText(page, 'You have not uploaded any headshots yet.');
    await expect(stepStatus(page)).toHaveText('Not yet');

    // The server agrees after a reload.
    await page.reload();
    await seeHeading(page, 'Headshots');
    await seeText(page, 'You have not uploaded any headshots yet.');
    await expect(stepStatus(page)).toHaveText('Not yet');
    await page.goto('/onboarding');
    await expect(media.locator('[data-status]')).toHaveText('In progress');
  });

  test('refuses a file that is not an image before sending it', async ({ onboardingAgent: page }) => {
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
  });
});
