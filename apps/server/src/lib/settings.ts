import { DEFAULT_SETTINGS, type Settings, SettingsSchema } from '@portal/shared';
import type { Executor } from '../db/client';
import { settings } from '../db/schema';

/**
 * The office's settings (console > Settings), one row per top-level key, defaults where no row.
 * Read on hot paths (GET /portal/me, intake), so each process keeps what it read for a few
 * seconds: a change reaches the process that made it at once and every other one within
 * SETTINGS_TTL_MS (ADR 17). Nothing depends on two processes agreeing at the same instant.
 */
export const SETTINGS_TTL_MS = 10_000;

let cached: { value: Settings; at: number } | null = null;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `value` over `base`, object by object (the routing settings' floors sit one level down), so a
 * stored row written before a key existed still reads that key's default.
 */
function over(base: unknown, value: unknown): unknown {
  if (!isRecord(base) || !isRecord(value)) return value;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, item] of Object.entries(value)) merged[key] = over(base[key], item);
  return merged;
}

/** Stored rows over the defaults; a row that no longer fits the schema is ignored. */
function merge(rows: { key: string; value: unknown }[]): Settings {
  const merged: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const row of rows) {
    if (!(row.key in DEFAULT_SETTINGS)) continue;
    merged[row.key] = over(merged[row.key], row.value);
  }
  const parsed = SettingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_SETTINGS;
}

export async function readSettings(db: Executor, options: { fresh?: boolean } = {}): Promise<Settings> {
  if (!options.fresh && cached && Date.now() - cached.at < SETTINGS_TTL_MS) return cached.value;
  const rows = await db.select({ key: settings.key, value: settings.value }).from(settings);
  const value = merge(rows);
  cached = { value, at: Date.now() };
  return value;
}

/**
 * Writes the given keys (whole values) in the caller's transaction. The caller forgets this
 * process's copy after commit (`forgetSettings`): forgetting before would let a read in between
 * keep the old values for another SETTINGS_TTL_MS.
 */
export async function writeSettings(
  db: Executor,
  values: Partial<Settings>,
  updatedBy: string,
): Promise<void> {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    await db
      .insert(settings)
      .values({ key, value, updatedBy })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedBy, updatedAt: new Date() } });
  }
}

/** After a change is committed (and when tests empty the database). */
export const forgetSettings = () => {
  cached = null;
};
