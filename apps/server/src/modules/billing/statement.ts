import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-context';
import { leads } from '../../db/schema';
import { audit } from '../../lib/audit';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { sniffContentType } from '../uploads/sniff';

/**
 * The settlement statement of a closing (ADR 66): a PDF or an image the agent uploads within 14
 * days of closing, kept in the storage provider beside the other files, read by the agent, the
 * office and the console.
 */

export const STATEMENT_MAX_BYTES = 20 * 1024 * 1024;
export const STATEMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'] as const;

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/** A file name as people gave it, kept printable and short; the extension follows the type. */
function cleanName(raw: string | undefined, type: string): string {
  let name = '';
  try {
    name = decodeURIComponent(raw ?? '');
  } catch {
    name = raw ?? '';
  }
  name = name
    .replace(/[\p{Cc}\\/"]/gu, '')
    .trim()
    .slice(0, 120);
  const extension = EXTENSIONS[type]!;
  if (!name) return `settlement-statement.${extension}`;
  return name.toLowerCase().endsWith(`.${extension}`) ? name : `${name}.${extension}`;
}

export interface StatementOwner {
  agentId: string;
  actorId: string | null;
  actorName: string;
}

/** POST /portal/me/leads/:id/settlement-statement: the bytes, checked by what they are. */
export async function uploadStatement(
  deps: AppDeps,
  owner: StatementOwner,
  leadId: string,
  body: Buffer,
  declaredType: string,
  fileName: string | undefined,
): Promise<void> {
  const db = deps.database.db;
  if (body.length === 0) throw badRequest('Choose the settlement statement to upload (a PDF or an image).');
  const sniffed = sniffContentType(body.subarray(0, 32));
  if (!sniffed || !(STATEMENT_TYPES as readonly string[]).includes(sniffed)) {
    throw new AppError(
      'unsupported_media_type',
      'The settlement statement must be a PDF or an image (PNG, JPEG or WebP).',
    );
  }
  if (sniffed !== declaredType) {
    throw new AppError(
      'unsupported_media_type',
      `This file is a ${EXTENSIONS[sniffed]!.toUpperCase()}, not what its type says (${declaredType}): upload it again.`,
    );
  }
  const [lead] = await db
    .select({ id: leads.id, stage: leads.stage, key: leads.statementKey })
    .from(leads)
    .where(and(eq(leads.id, leadId), eq(leads.agentId, owner.agentId)));
  if (!lead) throw notFound('Lead not found');
  if (lead.stage !== 'closed') {
    throw new AppError('conflict', 'A settlement statement belongs to a closed lead: close the lead first.');
  }
  const key = `statements/${owner.agentId}/${leadId}/${randomUUID()}.${EXTENSIONS[sniffed]}`;
  await deps.providers.storage.write(key, body, sniffed);
  await db.transaction(async (tx) => {
    await tx
      .update(leads)
      .set({
        statementKey: key,
        statementName: cleanName(fileName, sniffed),
        statementType: sniffed,
        statementUploadedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(leads.id, leadId));
    await audit(tx, {
      action: 'settlement_statement_uploaded',
      actorId: owner.actorId,
      actorName: owner.actorName,
      targetType: 'lead',
      targetId: leadId,
      details: { agent_id: owner.agentId, before: { key: lead.key }, after: { key, type: sniffed } },
    });
  });
  // A replaced file is not kept: the lead names one statement.
  if (lead.key) await deps.providers.storage.delete(lead.key).catch(() => undefined);
}

/** The statement's bytes, for whoever may see the lead (the caller checks). */
export async function readStatement(
  deps: AppDeps,
  leadId: string,
  agentIds?: readonly string[],
): Promise<{ stream: Readable; type: string; name: string }> {
  const [lead] = await deps.database.db
    .select({
      agentId: leads.agentId,
      key: leads.statementKey,
      type: leads.statementType,
      name: leads.statementName,
    })
    .from(leads)
    .where(eq(leads.id, leadId));
  if (!lead?.key || (agentIds && !agentIds.includes(lead.agentId ?? ''))) {
    throw notFound('No settlement statement for this lead');
  }
  return {
    stream: await deps.providers.storage.read(lead.key),
    type: lead.type ?? 'application/octet-stream',
    name: lead.name ?? 'settlement-statement',
  };
}
