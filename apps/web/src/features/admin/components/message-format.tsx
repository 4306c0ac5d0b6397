// How the outbox names channels and delivery states.
import type { AdminMessage } from '@portal/shared';
import { Mail, MessageSquare, Phone } from 'lucide-react';
import type { BadgeTone } from './status-badge';
import { StatusBadge } from './status-badge';

type Channel = AdminMessage['channel'];
type Status = AdminMessage['status'];

export const CHANNEL_LABELS: Record<Channel, string> = {
  email: 'E-mail',
  sms: 'Text message',
  call: 'Phone call',
};
const CHANNEL_ICONS = { email: Mail, sms: MessageSquare, call: Phone } as const;

export const MESSAGE_STATUS_LABELS: Record<Status, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};
const STATUS_TONE: Record<Status, BadgeTone> = {
  queued: 'info',
  sending: 'info',
  sent: 'success',
  failed: 'danger',
};

export function ChannelIcon({ channel }: { channel: Channel }) {
  const Icon = CHANNEL_ICONS[channel];
  return (
    <span className="inline-flex items-center" title={CHANNEL_LABELS[channel]}>
      <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
      <span className="sr-only">{CHANNEL_LABELS[channel]}</span>
    </span>
  );
}

export function MessageStatusBadge({ status }: { status: Status }) {
  return <StatusBadge tone={STATUS_TONE[status]}>{MESSAGE_STATUS_LABELS[status]}</StatusBadge>;
}

/** A failed message can be sent again while it still has its text (ADR 67). */
export const canRetry = (message: Pick<AdminMessage, 'status' | 'body_removed_at'>) =>
  message.status === 'failed' && !message.body_removed_at;

/** The subject, or for a text message or call the first line of what it says. */
export function messageTitle(message: Pick<AdminMessage, 'subject' | 'text_body' | 'body_removed_at'>) {
  if (message.subject) return message.subject;
  if (message.body_removed_at) return '(text removed after the retention period)';
  const line =
    message.text_body
      .split('\n')
      .find((text) => text.trim() !== '')
      ?.trim() ?? '';
  if (!line) return '(no text)';
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}
