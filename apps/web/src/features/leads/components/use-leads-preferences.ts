import type { LeadsView, UserPreferences } from '@portal/shared';
import { useCallback, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { useUpdatePreferences } from '@/lib/preferences-api';
import { toast } from '@/lib/toast';

type LeadsPreferences = Pick<UserPreferences, 'leads_view' | 'lead_sound'>;

/** A recipient session has no user record to keep preferences on: this browser keeps them. */
const RECIPIENT_KEY = 'portal.recipient.leadsPreferences';

/**
 * The views, as LEADS_VIEWS of packages/shared lists them: importing that constant would bring its
 * module's schemas, and zod, into the page's first load.
 */
const VIEWS: readonly LeadsView[] = ['table', 'cards', 'board'];

/**
 * The two preferences this page uses, from what is stored (a value this build does not know is
 * left out): by hand rather than with readPreferences, for the same reason.
 */
function readStored(stored: unknown): Partial<LeadsPreferences> {
  const { leads_view, lead_sound } = (stored ?? {}) as Record<string, unknown>;
  return {
    ...((VIEWS as readonly unknown[]).includes(leads_view) ? { leads_view: leads_view as LeadsView } : {}),
    ...(typeof lead_sound === 'boolean' ? { lead_sound } : {}),
  };
}

function readLocal(): Partial<LeadsPreferences> {
  try {
    return readStored(JSON.parse(localStorage.getItem(RECIPIENT_KEY) ?? '{}'));
  } catch {
    return {};
  }
}

const WHAT: Record<keyof LeadsPreferences, string> = {
  leads_view: 'Your choice of view',
  lead_sound: 'Your choice of sound',
};

/**
 * How the agent likes /leads: the view (table, cards or board) and the sound of a new lead, kept
 * with the user on the server (PATCH /portal/me/preferences) so that they follow the agent from
 * one browser to the next. A choice shows at once; if it cannot be saved it still holds on this
 * page, and a toast says so.
 */
export function useLeadsPreferences(audience: 'agent' | 'recipient') {
  const me = useAuth().me;
  const save = useUpdatePreferences();
  const [chosen, setChosen] = useState<Partial<LeadsPreferences>>(() =>
    audience === 'recipient' ? readLocal() : {},
  );
  const stored = audience === 'agent' ? readStored(me?.preferences) : {};
  const preferences: LeadsPreferences = {
    leads_view: chosen.leads_view ?? stored.leads_view ?? 'table',
    lead_sound: chosen.lead_sound ?? stored.lead_sound ?? false,
  };

  const { mutate } = save;
  const choose = useCallback(
    (patch: Partial<LeadsPreferences>) => {
      setChosen((current) => {
        const next = { ...current, ...patch };
        if (audience === 'recipient') localStorage.setItem(RECIPIENT_KEY, JSON.stringify(next));
        return next;
      });
      if (audience !== 'agent') return;
      mutate(patch, {
        onError: (error) => {
          const key = Object.keys(patch)[0] as keyof LeadsPreferences;
          toast.error(`${WHAT[key]} could not be saved`, {
            description: `${errorMessage(error)} It holds on this page; choose it again later to keep it for next time.`,
          });
        },
      });
    },
    [audience, mutate],
  );

  return {
    view: preferences.leads_view,
    sound: preferences.lead_sound,
    setView: useCallback((view: LeadsView) => choose({ leads_view: view }), [choose]),
    setSound: useCallback((sound: boolean) => choose({ lead_sound: sound }), [choose]),
  };
}
