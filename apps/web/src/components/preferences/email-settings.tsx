import { type PortalMe, readPreferences, type UserPreferences } from '@portal/shared';
import { useId, useState } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { useUpdatePreferences } from '@/lib/preferences-api';
import { toast } from '@/lib/toast';

type EmailPreference = Extract<keyof UserPreferences, 'agenda_email' | 'digest_email'>;

interface EmailSwitch {
  key: EmailPreference;
  label: string;
  description: string;
}

const AGENDA: EmailSwitch = {
  key: 'agenda_email',
  label: 'Daily agenda e-mail',
  description:
    'Each morning at 7:30 in your time zone: overdue next actions, new leads not yet contacted and what is due today. None on a day with nothing to do.',
};

const DIGEST: EmailSwitch = {
  key: 'digest_email',
  label: 'Weekly digest e-mail',
  description:
    "Each Monday at 7:30: last week's leads received, speed to contact, closings and stale leads for each of your agents, beside the week before.",
};

/** The scheduled e-mails a user can receive: agents the agenda, offices the digest. */
export function emailSwitchesFor(me: PortalMe | null): EmailSwitch[] {
  if (!me) return [];
  if (me.user_role === 'corporate') return [DIGEST];
  if (me.agent_profile) return [AGENDA];
  return [];
}

function EmailSwitchRow({ setting, checked }: { setting: EmailSwitch; checked: boolean }) {
  const id = useId();
  const update = useUpdatePreferences();
  const [failure, setFailure] = useState<string | null>(null);
  const change = (next: boolean) => {
    setFailure(null);
    update.mutate(
      { [setting.key]: next },
      {
        onSuccess: (saved) => toast.success(`${setting.label} turned ${saved[setting.key] ? 'on' : 'off'}`),
        onError: (error) => setFailure(errorMessage(error)),
      },
    );
  };
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-4 rounded-lg border border-border px-3 py-2">
        <span className="grid gap-0.5">
          <label htmlFor={id} className="text-sm font-medium">
            {setting.label}
          </label>
          <span id={`${id}-description`} className="text-sm text-muted-foreground">
            {setting.description}
          </span>
        </span>
        <Switch
          id={id}
          checked={checked}
          disabled={update.isPending}
          aria-describedby={`${id}-description`}
          onCheckedChange={change}
        />
      </div>
      {failure ? (
        <Alert variant="destructive">
          <AlertDescription>
            <p>
              Your {setting.label.toLowerCase()} setting was not saved: {failure}
            </p>
          </AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}

/**
 * The e-mails the portal sends on a schedule, each with its switch: saved as soon as it is
 * turned, put back as it was if the save fails. Nothing for a user who receives none.
 */
export function EmailSettings({ headingLevel = 'h2' }: { headingLevel?: 'h2' | 'h3' }) {
  const me = useAuth().me;
  const switches = emailSwitchesFor(me);
  if (!me || switches.length === 0) return null;
  const preferences = readPreferences(me.preferences);
  return (
    <Card className="gap-4 p-4 sm:p-6">
      <CardHeader>
        <CardTitle as={headingLevel}>E-mails from the portal</CardTitle>
        <CardDescription>Sent to {me.email}.</CardDescription>
      </CardHeader>
      {switches.map((setting) => (
        <EmailSwitchRow key={setting.key} setting={setting} checked={preferences[setting.key]} />
      ))}
    </Card>
  );
}
