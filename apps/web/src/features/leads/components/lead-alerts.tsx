import { BellRing } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { primeLeadSound } from './lead-sound';

type Permission = NotificationPermission | 'unsupported';

const currentPermission = (): Permission =>
  typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;

/**
 * How a new lead gets the agent's attention beyond the page: a chime (a preference), and browser
 * notifications, asked for only when the agent presses the button, never on load.
 */
export function LeadAlerts({ sound, onSound }: { sound: boolean; onSound: (sound: boolean) => void }) {
  const soundId = useId();
  const whyId = useId();
  const [permission, setPermission] = useState<Permission>(currentPermission);

  const ask = async () => {
    try {
      setPermission(await Notification.requestPermission());
    } catch {
      setPermission(currentPermission());
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm">
      <div className="flex items-center gap-2">
        <Switch
          id={soundId}
          checked={sound}
          onCheckedChange={(on) => {
            if (on) primeLeadSound();
            onSound(on);
          }}
        />
        <Label htmlFor={soundId} className="font-normal">
          Sound when a lead arrives
        </Label>
      </div>
      {permission === 'default' ? (
        <div className="flex max-w-md items-center gap-2">
          <Button variant="outline" size="sm" onClick={() => void ask()} aria-describedby={whyId}>
            <BellRing aria-hidden="true" />
            Turn on notifications
          </Button>
          <span id={whyId} className="text-xs text-muted-foreground">
            Your browser then tells you when a lead arrives while this page is behind other windows.
          </span>
        </div>
      ) : permission === 'granted' ? (
        <span className="text-muted-foreground">Notifications are on for new leads.</span>
      ) : permission === 'denied' ? (
        <span className="text-muted-foreground">
          Notifications are blocked for this site: allow them in your browser's site settings to get them.
        </span>
      ) : null}
    </div>
  );
}
