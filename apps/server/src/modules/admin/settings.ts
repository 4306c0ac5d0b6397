import type { Settings, SettingsPatch } from '@portal/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { providerUse, SMTP, TWILIO } from '../../lib/provider-limits';
import { forgetSettings, readSettings, writeSettings } from '../../lib/settings';
import { applyFloors } from '../scorecards/compute';
import type { ConsoleActor } from './common';

/** The providers' account limits (from the settings) and how close the network runs to them. */
export async function providerLimits(db: Db) {
  const [limits, use] = await Promise.all([readSettings(db, { fresh: true }), providerUse(db, TWILIO, SMTP)]);
  return {
    texts: {
      per_second: limits.provider_limits.sms_per_second,
      last_minute: use.lastMinute,
      peak_second: use.peakSecond,
      peak_at: use.peakAt?.toISOString() ?? null,
      paused_until: use.pausedUntil?.toISOString() ?? null,
    },
    smtp: { connections: limits.provider_limits.smtp_connections, in_use: use.slotsInUse },
  };
}

/** Applies a partial change to the settings; only the keys that differ are written and audited. */
export async function patchSettings(db: Db, patch: SettingsPatch, actor: ConsoleActor): Promise<Settings> {
  const after = await db.transaction(async (tx) => {
    // One change at a time: two at once would each start from the same "before".
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('settings'))`);
    const before = await readSettings(tx, { fresh: true });
    const next = {
      ...before,
      ...patch,
      lead_delivery: { ...before.lead_delivery, ...patch.lead_delivery },
      provider_limits: { ...before.provider_limits, ...patch.provider_limits },
      quotas: { ...before.quotas, ...patch.quotas },
      billing: { ...before.billing, ...patch.billing },
      retention: { ...before.retention, ...patch.retention },
      routing: {
        acceptance_minutes: patch.routing?.acceptance_minutes ?? before.routing.acceptance_minutes,
        floors: { ...before.routing.floors, ...patch.routing?.floors },
      },
    };
    const changed = Object.fromEntries(
      Object.entries(next).filter(
        ([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key as keyof typeof before]),
      ),
    );
    if (Object.keys(changed).length === 0) return next;
    await writeSettings(tx, changed, actor.email);
    await audit(tx, {
      action: 'admin_update_settings',
      actorId: actor.id,
      actorEmail: actor.email,
      actorName: actor.name,
      targetType: 'settings',
      details: {
        before: Object.fromEntries(
          Object.keys(changed).map((key) => [key, before[key as keyof typeof before]]),
        ),
        after: changed,
      },
      ip: actor.ip,
    });
    return next;
  });
  forgetSettings();
  // The stored scorecards are held to the floors at once: routing reads the floors they miss.
  if (patch.routing?.floors) await applyFloors(db, after.routing.floors);
  return after;
}
