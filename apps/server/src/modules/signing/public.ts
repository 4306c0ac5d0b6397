import type { Readable } from 'node:stream';
import {
  SIGNING_DOCUMENT_TITLES,
  type SigningSession,
  type SignRequest,
  type SignResult,
  type VerifyDocumentResult,
} from '@portal/shared';
import { and, eq, isNull, or } from 'drizzle-orm';
import type { AppDeps } from '../../app-context';
import type { Executor } from '../../db/client';
import { type SignatureSignerRow, signatureRequests, signatureSigners } from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { enforceRateLimits } from '../../lib/rate-limit';
import { loadSharp } from '../../lib/sharp';
import { afterCommit, afterSignature, recordEvent } from './flow';
import { readSigningToken } from './links';
import { currentSigner, type LoadedRequest, loadRequest } from './records';

/**
 * The public signing page of the built-in provider (/sign/:token) and the verification of a
 * PDF (/verify-document). A link works for one signer, only on their turn, until it expires,
 * once (SECURITY.md item 21); every view and signature is an event with IP and user agent.
 */

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

const gone = (detail: string) => new AppError('gone', detail);
const day = (date: Date) => date.toUTCString().replace(/ \d\d:\d\d:\d\d GMT$/, '');

interface Opened {
  loaded: LoadedRequest;
  signer: SignatureSignerRow;
}

/** The signer a link belongs to, when the link may be used now; otherwise the error that says why. */
async function openLink(
  db: Executor,
  deps: AppDeps,
  token: string,
  options: { lock?: boolean } = {},
): Promise<Opened> {
  const parsed = readSigningToken(deps.config, token);
  const invalid = notFound(
    'This signing link is not valid. Check that the whole address was copied from the e-mail.',
  );
  if (!parsed) throw invalid;
  const [row] = await db.select().from(signatureSigners).where(eq(signatureSigners.id, parsed.signerId));
  if (!row) throw invalid;
  const loaded = await loadRequest(db, row.requestId, options);
  const signer = loaded?.signers.find((s) => s.id === row.id);
  if (!loaded || !signer || loaded.request.provider !== 'builtin') throw invalid;
  if (signer.signedAt) {
    throw gone(
      `This signing link has already been used: you signed this document on ${day(signer.signedAt)}.`,
    );
  }
  if (loaded.request.status !== 'pending') throw gone('This document is no longer open for signature.');
  if (signer.linkNonce !== parsed.nonce) {
    throw gone('This signing link has been replaced by a newer one. Use the link in the most recent e-mail.');
  }
  if (!signer.linkExpiresAt || signer.linkExpiresAt <= new Date()) {
    throw gone(
      signer.signingOrder === 1
        ? 'This signing link has expired. Open the agreement in the portal to get a new one.'
        : 'This signing link has expired. Ask the agent to send you a new one from the portal.',
    );
  }
  const turn = currentSigner(loaded.signers);
  if (turn && turn.id !== signer.id) {
    throw new AppError(
      'conflict',
      `It is not your turn to sign yet: ${turn.name} (${turn.role}) signs first. You will get an e-mail when it is your turn.`,
    );
  }
  return { loaded, signer };
}

/** GET /api/sign/:token: the agreement for the signer to review; the view is recorded. */
export async function openSigningSession(
  deps: AppDeps,
  token: string,
  client: ClientInfo,
): Promise<SigningSession> {
  const { database } = deps;
  await throttleLink(deps, client, 'open', 60);
  const { loaded, signer } = await openLink(database.db, deps, token);
  await recordEvent(database.db, {
    requestId: loaded.request.id,
    signerId: signer.id,
    kind: 'viewed',
    ip: client.ip,
    userAgent: client.userAgent,
  });
  if (!signer.firstViewedAt) {
    await database.db
      .update(signatureSigners)
      .set({ firstViewedAt: new Date() })
      .where(and(eq(signatureSigners.id, signer.id), isNull(signatureSigners.firstViewedAt)));
  }
  return {
    document: {
      kind: loaded.request.kind,
      title: loaded.request.title,
      sections: loaded.request.content,
      created_date: loaded.request.createdAt.toISOString(),
    },
    signer: { role: signer.role, name: signer.name, email: signer.email },
    signers: loaded.signers.map((s) => ({
      role: s.role,
      name: s.name,
      is_signature_completed: s.signedAt !== null,
      signed_at: s.signedAt?.toISOString() ?? null,
    })),
    link_expires_at: signer.linkExpiresAt!.toISOString(),
  };
}

/** GET /api/sign/:token/document.pdf: the original, for the signer to read or keep. */
export async function signingDocumentPdf(
  deps: AppDeps,
  token: string,
  client: ClientInfo,
): Promise<{ stream: Readable; filename: string }> {
  await throttleLink(deps, client, 'open', 60);
  const { loaded, signer } = await openLink(deps.database.db, deps, token);
  await recordEvent(deps.database.db, {
    requestId: loaded.request.id,
    signerId: signer.id,
    kind: 'viewed',
    ip: client.ip,
    userAgent: client.userAgent,
    details: { pdf: true },
  });
  return {
    stream: await deps.providers.storage.read(loaded.request.originalKey),
    filename: `${loaded.request.title.toLowerCase().replaceAll(' ', '-')}.pdf`,
  };
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A drawn signature is decoded here, once, within these bounds: never a surprise in the final PDF. */
const DRAWING_MAX_INPUT_PIXELS = 4_000_000;
const DRAWING_BOX = { width: 1200, height: 400 } as const;

async function normaliseDrawing(dataUrl: string): Promise<string> {
  const unreadable = badRequest(
    'The drawn signature could not be read. Clear it and draw again, or type your name.',
  );
  const png = Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
  if (png.length < 60 || !png.subarray(0, 8).equals(PNG_MAGIC)) throw unreadable;
  try {
    const sharp = await loadSharp();
    const image = sharp(png, { limitInputPixels: DRAWING_MAX_INPUT_PIXELS, failOn: 'error' });
    const { info, data } = await image
      .resize({ ...DRAWING_BOX, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer({ resolveWithObject: true });
    if (info.width < 20 || info.height < 10) throw unreadable;
    return `data:image/png;base64,${data.toString('base64')}`;
  } catch {
    throw unreadable;
  }
}

/** Signing links are public: opening and signing are throttled per IP (SECURITY.md item 13). */
async function throttleLink(deps: AppDeps, client: ClientInfo, action: string, limit: number) {
  await enforceRateLimits(deps.database.db, [
    { key: `signing-link:${action}:ip:${client.ip}`, limit, windowSeconds: 15 * 60 },
  ]);
}

/**
 * POST /api/sign/:token: the signature. The request row is locked and the link spent by one
 * conditional update, so two submits of the same link give one signature and one "already used".
 */
export async function signWithToken(
  deps: AppDeps,
  token: string,
  body: SignRequest,
  client: ClientInfo,
): Promise<SignResult> {
  const { database } = deps;
  await throttleLink(deps, client, 'sign', 20);
  const mark =
    body.signature.kind === 'typed'
      ? { kind: 'typed' as const, value: body.signature.text.replace(/\s+/g, ' ') }
      : { kind: 'drawn' as const, value: await normaliseDrawing(body.signature.image) };
  const outcome = await database.db.transaction(async (tx) => {
    const { loaded, signer } = await openLink(tx, deps, token, { lock: true });
    const signedAt = new Date();
    const [spent] = await tx
      .update(signatureSigners)
      .set({
        signedAt,
        linkNonce: null,
        signature: mark,
        signedIp: client.ip,
        signedUserAgent: client.userAgent,
      })
      .where(
        and(
          eq(signatureSigners.id, signer.id),
          eq(signatureSigners.linkNonce, signer.linkNonce!),
          isNull(signatureSigners.signedAt),
        ),
      )
      .returning();
    if (!spent) throw gone('This signing link has already been used.');
    Object.assign(signer, spent);
    await recordEvent(tx, {
      requestId: loaded.request.id,
      signerId: signer.id,
      kind: 'signed',
      ip: client.ip,
      userAgent: client.userAgent,
      details: { signature: body.signature.kind, consent: true },
    });
    const after = await afterSignature(tx, deps, loaded);
    const next = currentSigner(loaded.signers);
    return {
      requestId: loaded.request.id,
      after,
      result: {
        signed_at: signedAt.toISOString(),
        completed: after.completed,
        next_signer: next ? { role: next.role, name: next.name } : null,
      } satisfies SignResult,
    };
  });
  await afterCommit(deps, outcome.requestId, outcome.after);
  return outcome.result;
}

/** POST /api/verify-document: is this PDF an agreement issued here, and signed? Throttled per IP. */
export async function verifyPdf(
  deps: AppDeps,
  bytes: Buffer,
  client: ClientInfo,
): Promise<VerifyDocumentResult> {
  const { database, config } = deps;
  await enforceRateLimits(database.db, [
    { key: `verify-document:ip:${client.ip}`, limit: 30, windowSeconds: config.rateLimits.windowSeconds },
  ]);
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') {
    throw new AppError('unsupported_media_type', 'This file is not a PDF. Choose the PDF of the agreement.');
  }
  const hash = sha256(bytes);
  const [request] = await database.db
    .select()
    .from(signatureRequests)
    .where(or(eq(signatureRequests.finalSha256, hash), eq(signatureRequests.originalSha256, hash)))
    .limit(1);
  if (!request) return { result: 'unknown', sha256: hash, document: null };
  const loaded = (await loadRequest(database.db, request.id))!;
  const completed = request.finalSha256 === hash;
  return {
    result: completed ? 'completed' : 'original',
    sha256: hash,
    document: {
      kind: request.kind,
      title: request.title || SIGNING_DOCUMENT_TITLES[request.kind],
      created_date: request.createdAt.toISOString(),
      completed_at: completed ? (request.completedAt?.toISOString() ?? null) : null,
      signers: loaded.signers.map((s) => ({
        role: s.role,
        name: s.name,
        signed_at: completed ? (s.signedAt?.toISOString() ?? null) : null,
      })),
    },
  };
}
