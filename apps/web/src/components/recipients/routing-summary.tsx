import type { Recipient } from '@portal/shared';
import type { LucideIcon } from 'lucide-react';
import { Mail, MessageSquareText, Phone, Star } from 'lucide-react';
import { useId } from 'react';
import { recipientName, useRecipients } from '@/lib/recipients-api';

interface Channel {
  field: 'send_sms' | 'send_email' | 'phone_call';
  label: string;
  icon: LucideIcon;
}

const CHANNELS: Channel[] = [
  { field: 'send_sms', label: 'By text message', icon: MessageSquareText },
  { field: 'send_email', label: 'By e-mail', icon: Mail },
  { field: 'phone_call', label: 'By phone call', icon: Phone },
];

const count = (recipients: Recipient[], channel: Channel['field']) =>
  recipients.filter((recipient) => recipient.is_active && recipient[channel]).length;

const people = (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`;

/**
 * How the agent has set up a new lead's way, read from the same list the table shows: who it
 * goes to first and how many active people each channel is switched on for (the office can still
 * turn a channel off network-wide). Nothing while the list loads or fails (the list says so).
 */
export function RoutingSummary() {
  const query = useRecipients();
  const headingId = useId();
  if (!query.isSuccess) return null;
  const recipients = query.data;
  const primary = recipients.find((recipient) => recipient.is_primary);
  const active = recipients.filter((recipient) => recipient.is_active).length;
  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-xl border border-border bg-card p-4">
      <h3 id={headingId} className="font-semibold">
        Your routing at a glance
      </h3>
      {/* A row of figures under the table on a wide screen. */}
      <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-5">
        <div className="grid gap-0.5">
          <dt className="flex items-center gap-2 text-muted-foreground">
            <Star className="size-4 shrink-0" aria-hidden="true" />
            Primary agent
          </dt>
          <dd className="font-medium break-words">{primary ? recipientName(primary) : 'No one yet'}</dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-muted-foreground">Active recipients</dt>
          <dd className="font-medium tabular-nums">
            {active} of {recipients.length}
          </dd>
        </div>
        {CHANNELS.map((channel) => (
          <div key={channel.field} className="grid gap-0.5">
            <dt className="flex items-center gap-2 text-muted-foreground">
              <channel.icon className="size-4 shrink-0" aria-hidden="true" />
              {channel.label}
            </dt>
            <dd className="font-medium tabular-nums">{people(count(recipients, channel.field))}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
