import { UPLOAD_KINDS } from '@portal/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agents, groupMemberships, groups, settings, uploads } from '../src/db/schema';
import { forgetSettings } from '../src/lib/settings';
import type { LocalStorageProvider } from '../src/providers/storage/local';
import { agentSession } from './helpers/agent-session';
import { bearer, createTestContext, eventually, login, type TestContext } from './helpers/app';
import { seedUser } from './helpers/factories';

let ctx: TestContext;
let png: Buffer;
beforeAll(async () => {
  ctx = await createTestContext({ workers: true });
  png = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#2a7' } })
    .png()
    .toBuffer();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(200, 7)]);
const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

async function ask(headers: Record<string, string>, body: object) {
  return ctx.app.inject({ method: 'POST', url: '/api/upload', headers, payload: body });
}

async function put(url: string, bytes: Buffer, contentType: string) {
  return ctx.app.inject({ method: 'PUT', url, headers: { 'content-type': contentType }, payload: bytes });
}

/** The whole client flow: ask, PUT the bytes, confirm. */
async function upload(
  headers: Record<string, string>,
  kind: string,
  bytes: Buffer,
  contentType: string,
  fileKey = 'file',
) {
  const ticket = await ask(headers, { kind, fileKey, contentType, size: bytes.length });
  expect(ticket.statusCode).toBe(201);
  const { upload_url, upload_id } = ticket.json();
  expect((await put(upload_url, bytes, contentType)).statusCode).toBe(200);
  const confirmed = await ctx.app.inject({
    method: 'POST',
    url: `/api/upload/${upload_id}/confirm`,
    headers,
  });
  return { confirmed, id: upload_id as string };
}

describe('asking for an upload', () => {
  it.each(Object.entries(UPLOAD_KINDS))(
    '%s: refuses other types (415) and files over its cap (413)',
    async (kind, spec) => {
      const { headers } = await agentSession(ctx);
      const wrongType = await ask(headers, { kind, fileKey: 'x', contentType: 'text/html', size: 10 });
      expect(wrongType.statusCode).toBe(415);
      expect(wrongType.json().detail).toContain(spec.label);
      const svg = await ask(headers, { kind, fileKey: 'x.svg', contentType: 'image/svg+xml', size: 10 });
      expect(svg.statusCode).toBe(415);
      const tooBig = await ask(headers, {
        kind,
        fileKey: 'x',
        contentType: spec.contentTypes[0],
        size: spec.maxBytes + 1,
      });
      expect(tooBig.statusCode).toBe(413);
      const fine = await ask(headers, {
        kind,
        fileKey: 'x',
        contentType: spec.contentTypes[0],
        size: spec.maxBytes,
      });
      expect(fine.statusCode).toBe(201);
    },
  );

  it('chooses the storage key itself, whatever name the client sends', async () => {
    const { headers, agent } = await agentSession(ctx);
    const ticket = await ask(headers, {
      kind: 'headshot',
      fileKey: '../../etc/passwd',
      contentType: 'image/png',
      size: 100,
    });
    expect(ticket.json().key).toMatch(new RegExp(`^agents/${agent.id}/headshot/[0-9a-f-]{36}\\.png$`));
    expect(ticket.json()).toMatchObject({ method: 'PUT', headers: { 'Content-Type': 'image/png' } });
  });

  it('needs an agent profile and a signed-in user', async () => {
    expect(
      (await ask({}, { kind: 'headshot', fileKey: 'a', contentType: 'image/png', size: 1 })).statusCode,
    ).toBe(401);
    const corporate = await seedUser(ctx.deps.database.db, { userRole: 'corporate' });
    const { accessToken } = await login(ctx.app, corporate.user.email, corporate.password);
    const refused = await ask(bearer(accessToken), {
      kind: 'headshot',
      fileKey: 'a',
      contentType: 'image/png',
      size: 1,
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('the local upload URL', () => {
  it('refuses a tampered or expired link', async () => {
    const { headers } = await agentSession(ctx);
    const { upload_url } = (
      await ask(headers, { kind: 'headshot', fileKey: 'a.png', contentType: 'image/png', size: png.length })
    ).json();
    const [payload, signature] = upload_url.split('/').pop().split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), size: 10 ** 10 }),
    ).toString('base64url');
    expect((await put(upload_url.replace(payload, forged), png, 'image/png')).statusCode).toBe(403);
    expect((await put(`${upload_url.slice(0, -3)}abc`, png, 'image/png')).statusCode).toBe(403);
    void signature;
    const storage = ctx.deps.providers.storage as LocalStorageProvider;
    const expired = await storage.presignUpload({
      key: 'agents/x/headshot/y.png',
      contentType: 'image/png',
      size: png.length,
      expiresInSeconds: -1,
    });
    const response = await put(expired.url, png, 'image/png');
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toMatch(/expired/);
  });

  it('enforces the signed type and size while streaming', async () => {
    const { headers } = await agentSession(ctx);
    const { upload_url } = (
      await ask(headers, { kind: 'headshot', fileKey: 'a.png', contentType: 'image/png', size: 100 })
    ).json();
    expect((await put(upload_url, Buffer.alloc(100), 'text/html')).statusCode).toBe(415);
    expect((await put(upload_url, Buffer.alloc(101), 'image/png')).statusCode).toBe(413);
    expect((await put(upload_url, Buffer.alloc(50), 'image/png')).statusCode).toBe(400);
    expect((await put(upload_url, Buffer.alloc(100), 'image/png')).statusCode).toBe(200);
    // One PUT per link.
    expect((await put(upload_url, Buffer.alloc(100), 'image/png')).statusCode).toBe(409);
  });

  it('refuses the link of a deleted upload (410) and writes nothing', async () => {
    const { headers } = await agentSession(ctx);
    const { upload_url, upload_id, key } = (
      await ask(headers, { kind: 'headshot', fileKey: 'a.png', contentType: 'image/png', size: png.length })
    ).json();
    const deleted = await ctx.app.inject({ method: 'DELETE', url: `/api/upload/${upload_id}`, headers });
    expect(deleted.statusCode).toBe(200);
    const late = await put(upload_url, png, 'image/png');
    expect(late.statusCode).toBe(410);
    expect(late.json().detail).toMatch(/deleted/);
    expect(await ctx.deps.providers.storage.head(key)).toBeNull();
    // Nothing to confirm either: the upload stays deleted.
    const confirm = await ctx.app.inject({
      method: 'POST',
      url: `/api/upload/${upload_id}/confirm`,
      headers,
    });
    expect(confirm.statusCode).toBe(404);
  });

  it('refuses the link of an upload that is no longer pending (refused or lapsed)', async () => {
    const { headers } = await agentSession(ctx);
    const { upload_url, upload_id, key } = (
      await ask(headers, { kind: 'headshot', fileKey: 'a.png', contentType: 'image/png', size: png.length })
    ).json();
    await ctx.deps.database.db.update(uploads).set({ status: 'rejected' }).where(eq(uploads.id, upload_id));
    const late = await put(upload_url, png, 'image/png');
    expect(late.statusCode).toBe(410);
    expect(late.json().detail).toBeTruthy();
    expect(await ctx.deps.providers.storage.head(key)).toBeNull();
  });
});

describe('confirming an upload', () => {
  it('attaches a headshot, completes the step, serves it inline with nosniff and makes a web version', async () => {
    const { headers } = await agentSession(ctx);
    const { confirmed, id } = await upload(headers, 'headshot', png, 'image/png', 'me.png');
    expect(confirmed.statusCode).toBe(200);
    const record = confirmed.json();
    expect(record.agent_headshots_urls).toEqual([`/api/files/${id}`]);
    expect(record.onboarding_steps.headshots).toBe(true);

    const original = await ctx.app.inject({ url: `/api/files/${id}?original=1`, headers });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.headers['x-content-type-options']).toBe('nosniff');
    expect(original.headers['content-disposition']).toMatch(/^inline/);
    expect(original.rawPayload.equals(png)).toBe(true);

    await eventually(async () => {
      const [row] = await ctx.deps.database.db.select().from(uploads).where(eq(uploads.id, id));
      return row?.webKey;
    });
    const web = await ctx.app.inject({ url: `/api/files/${id}`, headers });
    expect(web.headers['content-type']).toBe('image/webp');
    const meta = await sharp(web.rawPayload).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(1600);
  });

  it('refuses an HTML or SVG file renamed as an image, and deletes it', async () => {
    const { headers } = await agentSession(ctx);
    for (const fake of [
      Buffer.from('<!doctype html><script>alert(1)</script>'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    ]) {
      const { confirmed, id } = await upload(headers, 'headshot', fake, 'image/png', 'innocent.png');
      expect(confirmed.statusCode).toBe(415);
      expect(confirmed.json().detail).toMatch(/content is not PNG/);
      const [row] = await ctx.deps.database.db.select().from(uploads).where(eq(uploads.id, id));
      expect(row!.status).toBe('rejected');
      expect(await ctx.deps.providers.storage.head(row!.key)).toBeNull();
      expect((await ctx.app.inject({ url: `/api/files/${id}`, headers })).statusCode).toBe(404);
    }
  });

  it('says so when the bytes have not arrived', async () => {
    const { headers } = await agentSession(ctx);
    const { upload_id } = (
      await ask(headers, { kind: 'headshot', fileKey: 'a.png', contentType: 'image/png', size: 10 })
    ).json();
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/upload/${upload_id}/confirm`,
      headers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/not arrived/);
  });

  it('will not attach another agent’s upload (404)', async () => {
    const owner = await agentSession(ctx);
    const { upload_id, upload_url } = (
      await ask(owner.headers, {
        kind: 'headshot',
        fileKey: 'a.png',
        contentType: 'image/png',
        size: png.length,
      })
    ).json();
    await put(upload_url, png, 'image/png');
    const other = await agentSession(ctx);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/upload/${upload_id}/confirm`,
          headers: other.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/upload/${upload_id}`, headers: other.headers }))
        .statusCode,
    ).toBe(404);
  });

  it('completes branding with a brokerage logo, and needs a team logo too for a team', async () => {
    const { headers } = await agentSession(ctx, { agent: { hasRealEstateTeam: 'yes' } });
    const logo = await sharp({ create: { width: 300, height: 100, channels: 4, background: '#fff0' } })
      .png()
      .toBuffer();
    const first = await upload(headers, 'brokerage_logo', logo, 'image/png');
    expect(first.confirmed.json().onboarding_steps.branding).toBe(false);
    const second = await upload(headers, 'team_logo', logo, 'image/png');
    expect(second.confirmed.json().onboarding_steps.branding).toBe(true);
  });

  it('opens a PDF or image certificate in the tab (inline, nosniff), and serves a video with ranges as a download', async () => {
    const { headers } = await agentSession(ctx);
    const certificate = await upload(headers, 'eo_certificate', pdf, 'application/pdf', 'E&O 2026.pdf');
    expect(certificate.confirmed.json().eo_certificate).toBe(`/api/files/${certificate.id}`);
    const file = await ctx.app.inject({ url: `/api/files/${certificate.id}`, headers });
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^inline; filename="E&O 2026.pdf"/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    // The browser's PDF viewer does not run in a sandboxed document; scripts stay off all the same.
    expect(file.headers['content-security-policy']).toMatch(/default-src 'none'/);

    const scan = await sharp({ create: { width: 40, height: 60, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const photo = await upload(headers, 'eo_certificate', scan, 'image/jpeg', 'scan.jpg');
    const image = await ctx.app.inject({ url: `/api/files/${photo.id}`, headers });
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['content-disposition']).toMatch(/^inline; filename="scan.jpg"/);
    expect(image.headers['content-security-policy']).toMatch(/sandbox/);

    const video = await upload(headers, 'fsbo_video', mp4, 'video/mp4', 'tour.mp4');
    expect(video.confirmed.json().videos_fsbo_urls).toEqual([`/api/files/${video.id}`]);
    const whole = await ctx.app.inject({ url: `/api/files/${video.id}`, headers });
    expect(whole.headers['content-disposition']).toMatch(/^attachment; filename="tour.mp4"/);
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
    const part = await ctx.app.inject({
      url: `/api/files/${video.id}`,
      headers: { ...headers, range: 'bytes=0-9' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload).toHaveLength(10);
  });
});

describe('thumbnails and names', () => {
  it('serves a thumbnail-sized version of an image, to the same people as the file', async () => {
    const { headers } = await agentSession(ctx);
    const portrait = await sharp({ create: { width: 1200, height: 1800, channels: 3, background: '#27a' } })
      .jpeg()
      .toBuffer();
    const { id } = await upload(headers, 'headshot', portrait, 'image/jpeg', 'portrait.jpg');
    await eventually(async () => {
      const [row] = await ctx.deps.database.db.select().from(uploads).where(eq(uploads.id, id));
      return row?.webKey;
    });
    const thumb = await ctx.app.inject({ url: `/api/files/${id}?size=thumb`, headers });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.headers['content-disposition']).toMatch(/^inline/);
    const meta = await sharp(thumb.rawPayload).metadata();
    // The whole photo, its shape kept: 427 x 640, not a square cut from it.
    expect([meta.width, meta.height]).toEqual([427, 640]);
    const web = await ctx.app.inject({ url: `/api/files/${id}`, headers });
    expect(thumb.rawPayload.length).toBeLessThan(web.rawPayload.length);

    const stranger = await agentSession(ctx);
    expect(
      (await ctx.app.inject({ url: `/api/files/${id}?size=thumb`, headers: stranger.headers })).statusCode,
    ).toBe(404);
    expect((await ctx.app.inject({ url: `/api/files/${id}?size=thumb` })).statusCode).toBe(401);
  });

  it('lists the name of each of the agent’s files', async () => {
    const { headers } = await agentSession(ctx);
    const video = await upload(headers, 'other_video', mp4, 'video/mp4', 'My introduction.mp4');
    const listed = await ctx.app.inject({ url: '/api/portal/me/media', headers });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().files).toEqual([{ url: `/api/files/${video.id}`, name: 'My introduction.mp4' }]);
    const stranger = await agentSession(ctx);
    expect(
      (await ctx.app.inject({ url: '/api/portal/me/media', headers: stranger.headers })).json().files,
    ).toEqual([]);
  });
});

describe('deleting and reordering', () => {
  it('deletes a headshot: off the record, the step follows, the file is gone', async () => {
    const { headers } = await agentSession(ctx);
    const { id } = await upload(headers, 'headshot', png, 'image/png');
    const deleted = await ctx.app.inject({ method: 'DELETE', url: `/api/upload/${id}`, headers });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({
      agent_headshots_urls: [],
      onboarding_steps: { headshots: false },
    });
    expect((await ctx.app.inject({ url: `/api/files/${id}`, headers })).statusCode).toBe(404);
  });

  it('reorders a list only into the same files', async () => {
    const { headers } = await agentSession(ctx);
    const a = await upload(headers, 'additional_photo', png, 'image/png', 'a.png');
    const b = await upload(headers, 'additional_photo', png, 'image/png', 'b.png');
    const urls = [`/api/files/${b.id}`, `/api/files/${a.id}`];
    const reordered = await ctx.app.inject({
      method: 'PUT',
      url: '/api/portal/me/media/other_photos_urls',
      headers,
      payload: { urls },
    });
    expect(reordered.json().other_photos_urls).toEqual(urls);
    const smuggled = await ctx.app.inject({
      method: 'PUT',
      url: '/api/portal/me/media/other_photos_urls',
      headers,
      payload: { urls: [urls[0], '/api/files/00000000-0000-4000-8000-000000000000'] },
    });
    expect(smuggled.statusCode).toBe(400);
  });
});

describe('abandoned uploads', () => {
  it('are removed from storage once their link has long expired', async () => {
    const { sweepAbandonedUploads } = await import('../src/modules/uploads/service');
    const { sql } = await import('drizzle-orm');
    const { headers } = await agentSession(ctx);
    const { upload_url, upload_id, key } = (
      await ask(headers, { kind: 'headshot', fileKey: 'a.png', contentType: 'image/png', size: png.length })
    ).json();
    await put(upload_url, png, 'image/png');
    expect(await sweepAbandonedUploads(ctx.deps)).toBe(0);
    await ctx.deps.database.db
      .update(uploads)
      .set({ expiresAt: sql`now() - interval '2 hours'` })
      .where(eq(uploads.id, upload_id));
    expect(await sweepAbandonedUploads(ctx.deps)).toBe(1);
    expect(await ctx.deps.providers.storage.head(key)).toBeNull();
    const confirm = await ctx.app.inject({
      method: 'POST',
      url: `/api/upload/${upload_id}/confirm`,
      headers,
    });
    expect(confirm.statusCode).toBe(400);
  });
});

describe('quotas', () => {
  async function setQuotas(quotas: Record<string, number>) {
    await ctx.deps.database.db
      .insert(settings)
      .values({ key: 'quotas', value: quotas, updatedBy: 'test' })
      .onConflictDoUpdate({ target: settings.key, set: { value: quotas } });
    forgetSettings();
  }

  it('refuses a new upload while too many are unfinished, with the reason', async () => {
    await setQuotas({ upload_tickets_per_account: 2 });
    const { headers } = await agentSession(ctx);
    const headshot = { kind: 'headshot', fileKey: 'me.png', contentType: 'image/png', size: 1000 };
    expect((await ask(headers, headshot)).statusCode).toBe(201);
    expect((await ask(headers, headshot)).statusCode).toBe(201);
    const third = await ask(headers, headshot);
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(800);
    expect(third.json().detail).toBe(
      'You have 2 uploads that have not finished. Wait for them to finish (an unfinished one expires after 15 minutes), then try again.',
    );
    // Asked all at once, no more pass than the quota allows.
    const burst = await agentSession(ctx);
    const answers = await Promise.all(Array.from({ length: 5 }, () => ask(burst.headers, headshot)));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(2);
    // Another account is not held back.
    const other = await agentSession(ctx);
    expect((await ask(other.headers, headshot)).statusCode).toBe(201);
  });

  it("refuses a file that would take the agent's stored files over the storage quota", async () => {
    await setQuotas({ storage_mb_per_agent: 50 });
    const { headers } = await agentSession(ctx);
    const { confirmed } = await upload(headers, 'headshot', png, 'image/png', 'me.png');
    expect(confirmed.statusCode).toBe(200);
    const video = { kind: 'other_video', fileKey: 'tour.mp4', contentType: 'video/mp4' };
    const over = await ask(headers, { ...video, size: 50 * 1024 * 1024 });
    expect(over.statusCode).toBe(409);
    expect(over.json().detail).toBe(
      'This file would take your stored files over 50 MB. Delete photos or videos you no longer use, then upload it again.',
    );
    expect((await ask(headers, { ...video, size: 40 * 1024 * 1024 })).statusCode).toBe(201);
  });

  it('forgets a single file once it is replaced: it no longer counts, and it is gone', async () => {
    const { headers } = await agentSession(ctx);
    const first = await upload(headers, 'eo_certificate', pdf, 'application/pdf', 'old.pdf');
    const second = await upload(headers, 'eo_certificate', pdf, 'application/pdf', 'new.pdf');
    expect(second.confirmed.json().eo_certificate).toBe(`/api/files/${second.id}`);
    const [old] = await ctx.deps.database.db.select().from(uploads).where(eq(uploads.id, first.id));
    expect(old!.status).toBe('deleted');
    expect(await ctx.deps.providers.storage.head(old!.key)).toBeNull();
    expect((await ctx.app.inject({ url: `/api/files/${first.id}`, headers })).statusCode).toBe(404);
  });
});

describe('who may read a file', () => {
  it('its owner (bearer or session cookie), the office, a group manager and superusers; nobody else', async () => {
    const db = ctx.deps.database.db;
    const owner = await agentSession(ctx);
    const certificate = await upload(owner.headers, 'eo_certificate', pdf, 'application/pdf', 'E&O.pdf');
    const url = `/api/files/${certificate.id}`;
    const read = (headers: Record<string, string> = {}) => ctx.app.inject({ url, headers });

    // Anonymous: no session, no file (it used to answer forever).
    const anonymous = await read();
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.rawPayload.includes(pdf)).toBe(false);
    // The owner's browser: the refresh cookie it sends with the request is enough.
    const signedIn = await login(ctx.app, owner.user.email, owner.password, '10.70.0.1');
    expect((await read({ cookie: signedIn.cookie! })).statusCode).toBe(200);
    // ...until that session ends.
    await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: signedIn.cookie! } });
    expect((await read({ cookie: signedIn.cookie! })).statusCode).toBe(401);

    // Another agent: as if it did not exist.
    const stranger = await agentSession(ctx);
    expect((await read(stranger.headers)).statusCode).toBe(404);

    // The agent's office and a manager of the agent's group may; a plain member of it may not.
    const office = await seedUser(db, { userRole: 'corporate' });
    await db.update(agents).set({ corporateUserId: office.user.id }).where(eq(agents.id, owner.agent.id));
    const officeToken = (await login(ctx.app, office.user.email, office.password, '10.70.0.2')).accessToken;
    expect((await read(bearer(officeToken))).statusCode).toBe(200);
    const manager = await agentSession(ctx);
    const member = await agentSession(ctx);
    const [group] = await db
      .insert(groups)
      .values({ name: 'West', corporateUserId: office.user.id })
      .returning();
    await db.insert(groupMemberships).values([
      { groupId: group!.id, agentId: owner.agent.id, isManager: false },
      { groupId: group!.id, agentId: manager.agent.id, isManager: true },
      { groupId: group!.id, agentId: member.agent.id, isManager: false },
    ]);
    expect((await read(manager.headers)).statusCode).toBe(200);
    expect((await read(member.headers)).statusCode).toBe(404);

    const admin = await seedUser(db, { isSuperuser: true, userRole: 'superuser' });
    const adminToken = (await login(ctx.app, admin.user.email, admin.password, '10.70.0.3')).accessToken;
    expect((await read(bearer(adminToken))).statusCode).toBe(200);
  });
});
