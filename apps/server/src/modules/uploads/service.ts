import { randomUUID } from 'node:crypto';
import {
  type AgentRecord,
  deriveOnboardingSteps,
  describeTypes,
  ERROR,
  formatBytes,
  type MediaFiles,
  UPLOAD_KINDS,
  type UploadKind,
  type UploadKindSpec,
  type UploadRequest,
  type UploadTicket,
} from '@portal/shared';
import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-context';
import type { Executor } from '../../db/client';
import { type AgentRow, agents, type UploadRow, type UserRow, uploads } from '../../db/schema';
import { QUEUES } from '../../jobs/queue';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import { readSettings } from '../../lib/settings';
import { findAgentByUserId, loadAgentRecord } from '../agents/queries';
import { toAgentRecord } from '../agents/serialize';
import { activateIfOnboardingComplete } from '../agents/status';
import { thumbKeyOf } from './resize';
import { contentMatches, EXTENSIONS, SNIFF_BYTES, sniffContentType } from './sniff';

export const UPLOAD_TTL_SECONDS = 15 * 60;

/** The agent-record fields uploads fill, by their API name, as Drizzle columns. */
const COLUMNS = {
  agent_headshots_urls: 'agentHeadshotsUrls',
  other_photos_urls: 'otherPhotosUrls',
  brokerage_logo_urls: 'brokerageLogoUrls',
  team_logo_urls: 'teamLogoUrls',
  agent_image_cover_url: 'agentImageCoverUrl',
  agent_image_profile_url: 'agentImageProfileUrl',
  agent_image_coffee_url: 'agentImageCoffeeUrl',
  eo_certificate: 'eoCertificate',
  videos_fsbo_urls: 'videosFsboUrls',
  videos_others_urls: 'videosOthersUrls',
} as const satisfies Record<UploadKindSpec['field'], keyof AgentRow>;

export const fileUrl = (deps: AppDeps, id: string) => `${deps.config.apiBase}/files/${id}`;

const specOf = (kind: string): UploadKindSpec => {
  const spec = (UPLOAD_KINDS as Record<string, UploadKindSpec>)[kind];
  if (!spec) throw badRequest(`Unknown upload kind: ${kind}`);
  return spec;
};

async function agentOf(db: Executor, user: UserRow) {
  const agent = await findAgentByUserId(db, user.id);
  if (!agent) throw forbidden(ERROR.agentProfileNotAvailable);
  return agent;
}

/**
 * Quotas: uploads started and not finished per account, and bytes kept per agent
 * (confirmed files and uploads on their way), each a setting (console > Settings > Quotas).
 */
async function checkUploadQuotas(db: Executor, user: UserRow, agentId: string, size: number) {
  const { quotas } = await readSettings(db);
  const [row] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${uploads.userId} = ${user.id} and ${uploads.status} = 'pending' and ${uploads.expiresAt} > now())::int`,
      // When the oldest unfinished upload lapses, in seconds (what Retry-After says).
      lapse: sql<number>`coalesce(ceil(extract(epoch from min(${uploads.expiresAt}) filter (where ${uploads.userId} = ${user.id} and ${uploads.status} = 'pending' and ${uploads.expiresAt} > now()) - now())), 0)::int`,
      bytes: sql<number>`coalesce(sum(${uploads.size}) filter (where ${uploads.agentId} = ${agentId} and (${uploads.status} = 'confirmed' or (${uploads.status} = 'pending' and ${uploads.expiresAt} > now()))), 0)::bigint`,
    })
    .from(uploads)
    .where(sql`${uploads.userId} = ${user.id} or ${uploads.agentId} = ${agentId}`);
  if (Number(row?.pending ?? 0) >= quotas.upload_tickets_per_account) {
    throw new AppError(
      'rate_limited',
      `You have ${quotas.upload_tickets_per_account} uploads that have not finished. Wait for them to finish (an unfinished one expires after 15 minutes), then try again.`,
      { 'Retry-After': String(Math.max(1, Number(row?.lapse ?? UPLOAD_TTL_SECONDS))) },
    );
  }
  const limit = quotas.storage_mb_per_agent * 1024 * 1024;
  if (Number(row?.bytes ?? 0) + size > limit) {
    // 409: the request is fine, the account's state refuses it (a 413 reads as "this file is too big").
    throw new AppError(
      'conflict',
      `This file would take your stored files over ${formatBytes(limit)}. Delete photos or videos you no longer use, then upload it again.`,
    );
  }
}

/** POST /api/upload: checks kind, type and size, chooses the key, and returns where to PUT the bytes. */
export async function requestUpload(
  deps: AppDeps,
  user: UserRow,
  request: UploadRequest,
): Promise<UploadTicket> {
  const spec = specOf(request.kind);
  if (!spec.contentTypes.includes(request.contentType)) {
    throw new AppError(
      'unsupported_media_type',
      `${spec.label}: ${request.contentType} files are not accepted. Use ${describeTypes(spec.contentTypes)}.`,
    );
  }
  if (request.size > spec.maxBytes) {
    throw new AppError(
      'payload_too_large',
      `${spec.label}: the file is larger than ${formatBytes(spec.maxBytes)}.`,
    );
  }
  const agent = await agentOf(deps.database.db, user);
  const id = randomUUID();
  const key = `agents/${agent.id}/${request.kind}/${id}.${EXTENSIONS[request.contentType] ?? 'bin'}`;
  const presigned = await deps.providers.storage.presignUpload({
    key,
    contentType: request.contentType,
    size: request.size,
    expiresInSeconds: UPLOAD_TTL_SECONDS,
  });
  // Checked and written under the agent's lock: parallel requests cannot all pass the quotas.
  await deps.database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`uploads:${agent.id}`}))`);
    await checkUploadQuotas(tx, user, agent.id, request.size);
    await tx.insert(uploads).values({
      id,
      userId: user.id,
      agentId: agent.id,
      kind: request.kind,
      key,
      contentType: request.contentType,
      size: request.size,
      filename: request.fileKey.replace(/[\r\n"\\/]/g, '_').slice(0, 255),
      expiresAt: presigned.expiresAt,
    });
  });
  return {
    upload_id: id,
    upload_url: presigned.url,
    method: 'PUT',
    headers: presigned.headers,
    key,
    expires_at: presigned.expiresAt.toISOString(),
  };
}

async function ownUpload(db: Executor, user: UserRow, id: string): Promise<UploadRow> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.userId, user.id)));
  // Another user's upload is "not found", not "forbidden" (SECURITY.md item 15).
  if (!row || row.status === 'deleted') throw notFound('Upload not found');
  return row;
}

/** Writes a new value into the agent's field and recomputes the derived onboarding steps. */
async function updateAgentField(
  tx: Executor,
  agent: AgentRow,
  field: UploadKindSpec['field'],
  change: (current: string[] | string) => string[] | string,
): Promise<void> {
  const column = COLUMNS[field];
  const next = change(agent[column] as string[] | string);
  const updated = { ...agent, [column]: next } as AgentRow;
  const record = toAgentRecord(updated);
  const steps = deriveOnboardingSteps(record);
  await tx
    .update(agents)
    .set({ [column]: next, onboardingSteps: steps as AgentRow['onboardingSteps'], updatedAt: sql`now()` })
    .where(eq(agents.id, agent.id));
  await activateIfOnboardingComplete(tx, agent.id);
}

const lockAgent = async (tx: Executor, agentId: string) => {
  const [agent] = await tx.select().from(agents).where(eq(agents.id, agentId)).for('update');
  if (!agent) throw forbidden(ERROR.agentProfileNotAvailable);
  return agent;
};

async function reject(
  deps: AppDeps,
  upload: UploadRow,
  message: string,
  code: 'bad_request' | 'unsupported_media_type' | 'payload_too_large',
) {
  await deps.database.db
    .update(uploads)
    .set({ status: 'rejected', purgeDueAt: null })
    .where(and(eq(uploads.id, upload.id), eq(uploads.status, 'pending')));
  await purgeUploads(deps, upload.id);
  throw new AppError(code, message);
}

/**
 * POST /api/upload/:id/confirm: the bytes arrived; check them (size, magic bytes) and attach the
 * file to the agent record. Only then does the file count anywhere.
 */
export async function confirmUpload(deps: AppDeps, user: UserRow, id: string): Promise<AgentRecord> {
  const { db } = deps.database;
  const upload = await ownUpload(db, user, id);
  if (upload.status === 'confirmed') {
    const record = await loadAgentRecord(db, user.id);
    if (!record) throw forbidden(ERROR.agentProfileNotAvailable);
    return record;
  }
  if (upload.status !== 'pending') throw badRequest('This upload was refused. Please choose the file again.');
  const spec = specOf(upload.kind);
  const stored = await deps.providers.storage.head(upload.key);
  if (!stored) throw badRequest('The file has not arrived yet. Upload it first, then confirm.');
  if (stored.size > spec.maxBytes || stored.size !== upload.size) {
    await reject(
      deps,
      upload,
      `${spec.label}: the file received is not the size announced. Please upload it again.`,
      'payload_too_large',
    );
  }
  const sniffed = sniffContentType(await deps.providers.storage.readStart(upload.key, SNIFF_BYTES));
  if (!contentMatches(upload.contentType, sniffed)) {
    await reject(
      deps,
      upload,
      `${spec.label}: the file's content is not ${describeTypes([upload.contentType])}, whatever its name says.`,
      'unsupported_media_type',
    );
  }

  const url = fileUrl(deps, upload.id);
  const replaced = await db.transaction(async (tx) => {
    const agent = await lockAgent(tx, upload.agentId!);
    // Deleted (or swept) since it was read: it stays so.
    const [stillPending] = await tx
      .update(uploads)
      .set({ status: 'confirmed', confirmedAt: sql`now()` })
      .where(and(eq(uploads.id, upload.id), eq(uploads.status, 'pending')))
      .returning({ id: uploads.id });
    if (!stillPending) throw notFound('Upload not found');
    let previous: unknown = null;
    await updateAgentField(tx, agent, spec.field, (current) => {
      previous = current;
      return spec.multiple ? [...(current as string[]).filter((u) => u !== url), url] : url;
    });
    // A single file replaced (a new certificate, cover...) is deleted: nobody can see it any more,
    // and it must not count against the agent's storage.
    const previousId =
      !spec.multiple && typeof previous === 'string'
        ? previous.match(/\/files\/([0-9a-f-]{36})$/)?.[1]
        : undefined;
    if (!previousId || previousId === upload.id) return null;
    const [old] = await tx
      .update(uploads)
      .set({ status: 'deleted', purgeDueAt: null })
      .where(and(eq(uploads.id, previousId), eq(uploads.agentId, agent.id)))
      .returning();
    return old ?? null;
  });
  if (replaced) await purgeUploads(deps, replaced.id);
  if (spec.image) {
    await deps.queue
      .send(QUEUES.resizeImage, { uploadId: upload.id }, { retryLimit: 3, retryDelay: 5 })
      .catch((error) => console.warn('[uploads] resize not queued', (error as Error).message));
  }
  const record = await loadAgentRecord(db, user.id);
  return record!;
}

/** DELETE /api/upload/:id: takes the file off the record and out of storage. */
export async function deleteUpload(deps: AppDeps, user: UserRow, id: string): Promise<AgentRecord> {
  const { db } = deps.database;
  const upload = await ownUpload(db, user, id);
  const spec = specOf(upload.kind);
  const url = fileUrl(deps, upload.id);
  await db.transaction(async (tx) => {
    // The agent, then the upload, locked in the order confirmation takes them: a confirmation
    // running at the same moment either finishes first (and the file comes off the record) or
    // finds the upload deleted.
    const agent = upload.agentId ? await lockAgent(tx, upload.agentId) : null;
    const [current] = await tx.select().from(uploads).where(eq(uploads.id, upload.id)).for('update');
    if (!current || current.status === 'deleted') throw notFound('Upload not found');
    if (current.status === 'confirmed' && agent) {
      await updateAgentField(tx, agent, spec.field, (value) =>
        spec.multiple ? (value as string[]).filter((u) => u !== url) : value === url ? '' : value,
      );
    }
    // Gone for the user now; its objects are owed a deletion until storage has answered (ADR 31).
    await tx.update(uploads).set({ status: 'deleted', purgeDueAt: null }).where(eq(uploads.id, upload.id));
  });
  await purgeUploads(deps, upload.id);
  return (await loadAgentRecord(db, user.id))!;
}

/**
 * GET /api/portal/me/media: the name each confirmed file of the agent was uploaded with, so lists
 * can show "Open house tour.mp4" rather than a number.
 */
export async function listMediaNames(deps: AppDeps, user: UserRow): Promise<MediaFiles> {
  const { db } = deps.database;
  const agent = await agentOf(db, user);
  const rows = await db
    .select({ id: uploads.id, filename: uploads.filename })
    .from(uploads)
    .where(and(eq(uploads.agentId, agent.id), eq(uploads.status, 'confirmed')))
    .orderBy(uploads.confirmedAt);
  return { files: rows.map((row) => ({ url: fileUrl(deps, row.id), name: row.filename })) };
}

/** PUT /api/portal/me/media/:field: the same files in a new order. */
export async function reorderMedia(
  deps: AppDeps,
  user: UserRow,
  field: keyof typeof COLUMNS,
  urls: string[],
): Promise<AgentRecord> {
  const { db } = deps.database;
  const agent = await agentOf(db, user);
  await db.transaction(async (tx) => {
    const locked = await lockAgent(tx, agent.id);
    const current = locked[COLUMNS[field]];
    if (!Array.isArray(current)) throw badRequest(`${field} holds a single file and has no order`);
    const same =
      current.length === urls.length && [...current].sort().join('\n') === [...urls].sort().join('\n');
    if (!same) throw badRequest('The new order must list exactly the files already there.');
    await updateAgentField(tx, locked, field, () => urls);
  });
  return (await loadAgentRecord(db, user.id))!;
}

export const UPLOAD_KIND_FOR_FIELD = Object.fromEntries(
  Object.entries(UPLOAD_KINDS).map(([kind, spec]) => [spec.field, kind]),
) as Record<UploadKindSpec['field'], UploadKind>;

/** Uploads asked for but never confirmed: rejected once their link has long expired, and their objects removed. */
export async function sweepAbandonedUploads(deps: AppDeps): Promise<number> {
  const { db } = deps.database;
  const stale = db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.status, 'pending'), sql`${uploads.expiresAt} < now() - interval '1 hour'`))
    .limit(200);
  const rejected = await db
    .update(uploads)
    .set({ status: 'rejected', purgeDueAt: null })
    .where(and(inArray(uploads.id, stale), eq(uploads.status, 'pending')))
    .returning({ id: uploads.id });
  for (const { id } of rejected) await purgeUploads(deps, id);
  return rejected.length;
}

/**
 * How long after its URL's expiry a PUT may still create an upload's object: S3 checks the
 * signature when the request starts, so a PUT begun just before expiry lands when its body has
 * arrived. An hour, plus the time the file takes at 1 Mbit/s (a 2 GB video: about 4.8 hours).
 */
const LATE_PUT_MARGIN_SECONDS = 60 * 60;
const SLOWEST_PUT_BYTES_PER_SECOND = 125_000;
const silentAt = sql.raw(
  `(uploads.expires_at + make_interval(secs => ${LATE_PUT_MARGIN_SECONDS} + uploads.size::double precision / ${SLOWEST_PUT_BYTES_PER_SECOND}))`,
);
/** A claim on an owed deletion: another worker leaves it alone meanwhile (or takes it once this lapses). */
const PURGE_CLAIM = sql.raw(`now() + interval '10 minutes'`);
/** Storage failed: the next try after 5, 10, 20... minutes, at most 30 minutes apart. */
const PURGE_BACKOFF = sql.raw(
  `now() + make_interval(mins => least(30, 5 * power(2, least(uploads.purge_attempts, 10))::int))`,
);

/**
 * Deletes the objects of deleted and rejected uploads whose deletion is due (ADR 31), or of the
 * one upload `id`. A deletion that fails is tried again later with backoff; one that succeeds
 * while the upload URL could still write (a late PUT re-creates the object) is done once more
 * after that; the deletion made once no PUT can land any more is the last. Any number of
 * workers may run this side by side: each claims its rows (`FOR UPDATE SKIP LOCKED`).
 * Returns how many uploads had their objects deleted.
 */
export async function purgeUploads(deps: AppDeps, id?: string): Promise<number> {
  const { db } = deps.database;
  const due = db
    .select({ id: uploads.id })
    .from(uploads)
    .where(
      and(
        id ? eq(uploads.id, id) : undefined,
        inArray(uploads.status, ['deleted', 'rejected']),
        isNull(uploads.purgedAt),
        or(isNull(uploads.purgeDueAt), lte(uploads.purgeDueAt, sql`now()`)),
      ),
    )
    .limit(100)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(uploads)
    .set({ purgeDueAt: PURGE_CLAIM })
    .where(inArray(uploads.id, due))
    .returning({
      id: uploads.id,
      key: uploads.key,
      webKey: uploads.webKey,
      // Read before the deletion: it is the last only if it starts once no PUT can land.
      last: sql<boolean>`now() >= ${silentAt}`,
    });
  let purged = 0;
  for (const upload of claimed) {
    // The web version too: a resize job may have written it after the upload was deleted.
    const keys = new Set([
      upload.key,
      upload.webKey ?? upload.key,
      `${upload.key}.web.webp`,
      thumbKeyOf(upload.key),
    ]);
    try {
      for (const key of keys) await deps.providers.storage.delete(key);
    } catch (error) {
      console.warn('[uploads] object not deleted, tried again later', upload.id, (error as Error).message);
      await db
        .update(uploads)
        .set({ purgeAttempts: sql`${uploads.purgeAttempts} + 1`, purgeDueAt: PURGE_BACKOFF })
        .where(eq(uploads.id, upload.id))
        .catch(() => {});
      continue;
    }
    purged += 1;
    await db
      .update(uploads)
      .set(
        upload.last
          ? { purgedAt: sql`now()`, purgeDueAt: null, purgeAttempts: 0 }
          : { purgeDueAt: silentAt, purgeAttempts: 0 },
      )
      .where(eq(uploads.id, upload.id));
  }
  return purged;
}

/** The clean-up job's part for deleted uploads: every owed deletion that is due. */
export const purgeDeletedUploads = (deps: AppDeps) => purgeUploads(deps);
