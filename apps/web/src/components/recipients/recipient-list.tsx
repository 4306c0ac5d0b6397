import { hasChannel, type Recipient, type RecipientCreate } from '@portal/shared';
import { CircleCheck, Mail, Phone, Star } from 'lucide-react';
import { useId, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '@/components/ui/tooltip';
import { formatPhone } from '@/lib/format-phone';
import { recipientName, useResendInvitation, useUpdateRecipient } from '@/lib/recipients-api';
import { useElementWidth } from '@/lib/use-element-width';
import { cn } from '@/lib/utils';
import { RecipientEditContext, RecipientEditDialog } from './recipient-edit-dialog';
import { RecipientRemoveDialog } from './recipient-remove-dialog';

type SwitchField = 'send_sms' | 'send_email' | 'phone_call' | 'is_active';

const SWITCHES: { field: SwitchField; label: string; needs?: 'phone_number' | 'email'; missing?: string }[] =
  [
    { field: 'send_sms', label: 'SMS', needs: 'phone_number', missing: 'Add a mobile phone first (Edit)' },
    { field: 'send_email', label: 'E-mail', needs: 'email', missing: 'Add an e-mail address first (Edit)' },
    { field: 'phone_call', label: 'Call', needs: 'phone_number', missing: 'Add a mobile phone first (Edit)' },
    { field: 'is_active', label: 'Active' },
  ];

const badge = 'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium';

function NameAndBadges({ recipient }: { recipient: Recipient }) {
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <span className="font-medium">{recipientName(recipient)}</span>
      {recipient.is_agent ? <span className={cn(badge, 'border-border bg-muted')}>You</span> : null}
      {recipient.is_primary ? (
        <span className={cn(badge, 'border-primary/40 bg-primary-soft text-primary-text')}>
          <Star className="size-3" aria-hidden="true" />
          Primary
        </span>
      ) : null}
      {recipient.is_active ? null : (
        <span className={cn(badge, 'border-border bg-muted text-muted-foreground')}>Inactive</span>
      )}
      {recipient.is_active && !recipient.send_sms && !recipient.send_email && !recipient.phone_call ? (
        // Leads go out by text, e-mail or call: with all three off this person receives nothing.
        <span className={cn(badge, 'border-amber-300 bg-amber-50 text-amber-900')}>
          Receives no leads: turn on SMS, e-mail or call
        </span>
      ) : null}
    </div>
  );
}

/** A phone number that never wraps, its figures lined up from row to row. */
function PhoneLink({ phone }: { phone: string | null | undefined }) {
  if (!phone) return <span className="whitespace-nowrap text-muted-foreground">No phone</span>;
  return (
    <a href={`tel:${phone}`} className="whitespace-nowrap tabular-nums">
      {formatPhone(phone)}
    </a>
  );
}

/**
 * An e-mail address in full (and in a tooltip): it wraps before the @ where it has to, and within
 * a part only when even that part is wider than the room.
 */
function EmailLine({ email }: { email: string | null | undefined }) {
  const at = email ? email.lastIndexOf('@') : -1;
  return (
    <span className="flex min-w-0 items-start gap-2 text-sm">
      <Mail className="mt-0.5 size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
      {email ? (
        <a href={`mailto:${email}`} title={email} className="min-w-0 break-words">
          {at > 0 ? (
            <>
              {email.slice(0, at)}
              <wbr />
              {email.slice(at)}
            </>
          ) : (
            email
          )}
        </a>
      ) : (
        <span className="text-muted-foreground">No e-mail</span>
      )}
    </span>
  );
}

/**
 * Whether the address's owner confirmed it: the e-mail composer writes only to confirmed
 * addresses (lead notifications go either way). Unconfirmed: an invitation (again) at a click.
 */
function EmailStatus({ recipient }: { recipient: Recipient }) {
  const resend = useResendInvitation();
  if (!recipient.email) return null;
  if (recipient.email_confirmed) {
    return (
      <span className="flex items-center gap-2 text-xs text-muted-foreground">
        <CircleCheck className="size-3.5 shrink-0 text-primary-text" aria-hidden="true" />
        Address confirmed
      </span>
    );
  }
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
      <span className="text-amber-900">
        {recipient.email_invited_at ? 'Invitation sent — awaiting confirmation' : 'Address not confirmed yet'}
      </span>
      <Button
        variant="link"
        size="sm"
        className="h-auto p-0 text-xs"
        pending={resend.isPending}
        onClick={() => resend.mutate(recipient)}
      >
        {recipient.email_invited_at ? 'Resend invitation' : 'Send invitation'}{' '}
        <span className="sr-only">to {recipientName(recipient)}</span>
      </Button>
    </span>
  );
}

function Contact({ recipient }: { recipient: Recipient }) {
  return (
    <div className="grid min-w-0 gap-1 text-sm">
      <span className="flex items-center gap-2">
        <Phone className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <PhoneLink phone={recipient.phone_number} />
      </span>
      <EmailLine email={recipient.email} />
      <EmailStatus recipient={recipient} />
    </div>
  );
}

/** One on/off setting of one recipient, saved at once and put back if the save fails. */
function RecipientSwitch({
  recipient,
  setting,
  withLabel,
}: {
  recipient: Recipient;
  setting: (typeof SWITCHES)[number];
  withLabel?: boolean;
}) {
  const update = useUpdateRecipient();
  const checked = recipient[setting.field];
  // A channel cannot be turned on without somewhere to send it; turning one off always works.
  // The primary stays active until someone else is made primary (the server refuses too).
  // The primary keeps at least one channel: it is the first to be told of each lead.
  const keepsPrimaryActive = setting.field === 'is_active' && checked && recipient.is_primary;
  const keepsPrimaryTold =
    setting.field !== 'is_active' &&
    checked &&
    recipient.is_primary &&
    !hasChannel({ ...recipient, [setting.field]: false });
  const blocked =
    keepsPrimaryActive ||
    keepsPrimaryTold ||
    (!checked && setting.needs !== undefined && !recipient[setting.needs]);
  const control = (
    <Switch
      checked={checked}
      disabled={blocked}
      title={
        keepsPrimaryActive
          ? 'The primary agent stays active: make someone else primary first'
          : keepsPrimaryTold
            ? 'The primary agent keeps at least one way to be told of leads'
            : blocked
              ? setting.missing
              : undefined
      }
      aria-label={`${setting.label} for ${recipientName(recipient)}`}
      onCheckedChange={(next) => update.mutate({ recipient, patch: { [setting.field]: next } })}
    />
  );
  if (!withLabel) return control;
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the switch inside is the control
    <label className="flex items-center justify-between gap-3 rounded-md border border-border px-3 py-2 text-sm">
      <span aria-hidden="true">{setting.label}</span>
      {control}
    </label>
  );
}

/** Why a recipient cannot be made primary now, or null (the server refuses the same). */
export function primaryBlocker(recipient: Recipient): string | null {
  if (!recipient.is_active) return 'Turn this person on first: an inactive recipient cannot be primary.';
  if (!hasChannel(recipient)) return 'Turn on text, e-mail or call first: the primary must be told of leads.';
  return null;
}

function MakePrimaryButton({ recipient }: { recipient: Recipient }) {
  const update = useUpdateRecipient();
  const reasonId = useId();
  if (recipient.is_primary) return null;
  const blocker = primaryBlocker(recipient);
  const button = (
    <Button
      variant="outline"
      size="sm"
      pending={update.isPending}
      disabled={blocker !== null}
      aria-describedby={blocker ? reasonId : undefined}
      onClick={() => update.mutate({ recipient, patch: { is_primary: true } })}
    >
      <Star aria-hidden="true" />
      Make primary <span className="sr-only">{recipientName(recipient)}</span>
    </Button>
  );
  if (!blocker) return button;
  // A disabled button gets no pointer or focus events: the reason sits on a wrapper that does.
  return (
    <TooltipProvider>
      <Tooltip>
        <TooltipTrigger asChild>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users reach the reason too */}
          <span tabIndex={0} className="inline-flex rounded-md">
            {button}
            <span id={reasonId} className="sr-only">
              {blocker}
            </span>
          </span>
        </TooltipTrigger>
        <TooltipContent>{blocker}</TooltipContent>
      </Tooltip>
    </TooltipProvider>
  );
}

function Actions({
  recipient,
  onRemoved,
  className,
}: {
  recipient: Recipient;
  onRemoved: () => void;
  className?: string;
}) {
  return (
    <div className={cn('flex gap-2', className)}>
      <MakePrimaryButton recipient={recipient} />
      <RecipientEditDialog recipient={recipient} />
      {recipient.is_agent ? null : <RecipientRemoveDialog recipient={recipient} onRemoved={onRemoved} />}
    </div>
  );
}

function RecipientTable({ recipients, onRemoved }: { recipients: Recipient[]; onRemoved: () => void }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-border bg-card shadow-sm">
      {/*
       * Fixed widths for the phone, the switches and the buttons; the name and e-mail take the rest,
       * so an address shows in full at 1280 px. The buttons wrap to two lines until there is room
       * for one (a container of 67.5rem).
       */}
      <table className="w-full table-fixed text-left text-sm">
        <colgroup>
          <col />
          <col className="w-36" />
          {SWITCHES.map((setting) => (
            <col key={setting.field} className="w-16" />
          ))}
          <col className="w-60 @min-[67.5rem]:w-[23.5rem]" />
        </colgroup>
        <thead className="border-b border-border bg-muted/60 text-xs tracking-wide text-muted-foreground uppercase">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              Recipient
            </th>
            <th scope="col" className="px-3 py-3 font-medium">
              Phone
            </th>
            {SWITCHES.map((setting) => (
              <th key={setting.field} scope="col" className="px-2 py-3 text-center font-medium">
                {setting.label}
              </th>
            ))}
            <th scope="col" className="px-4 py-3 text-right font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {recipients.map((recipient) => (
            <tr
              key={recipient._id}
              data-slot="recipient"
              className={cn('border-b border-border last:border-b-0', !recipient.is_active && 'bg-muted/40')}
            >
              <th scope="row" className="px-4 py-3 font-normal">
                <div className="grid min-w-0 gap-1">
                  <NameAndBadges recipient={recipient} />
                  <EmailLine email={recipient.email} />
                  <EmailStatus recipient={recipient} />
                </div>
              </th>
              <td className="px-3 py-3">
                <PhoneLink phone={recipient.phone_number} />
              </td>
              {SWITCHES.map((setting) => (
                <td key={setting.field} className="px-2 py-3 text-center">
                  <RecipientSwitch recipient={recipient} setting={setting} />
                </td>
              ))}
              <td className="px-4 py-3">
                <Actions recipient={recipient} onRemoved={onRemoved} className="flex-wrap justify-end" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RecipientCards({ recipients, onRemoved }: { recipients: Recipient[]; onRemoved: () => void }) {
  return (
    <ul className="grid gap-3">
      {recipients.map((recipient) => (
        <li
          key={recipient._id}
          data-slot="recipient"
          aria-label={recipientName(recipient)}
          className={cn(
            'grid gap-4 rounded-xl border border-border bg-card p-4 shadow-sm @3xl:grid-cols-[minmax(0,1fr)_auto] @3xl:items-center',
            !recipient.is_active && 'bg-muted/40',
          )}
        >
          <div className="grid min-w-0 gap-2">
            <NameAndBadges recipient={recipient} />
            <Contact recipient={recipient} />
          </div>
          <div className="grid grid-cols-2 gap-2 @md:grid-cols-4">
            {SWITCHES.map((setting) => (
              <RecipientSwitch key={setting.field} recipient={recipient} setting={setting} withLabel />
            ))}
          </div>
          <Actions recipient={recipient} onRemoved={onRemoved} className="flex-wrap @3xl:col-span-2" />
        </li>
      ))}
    </ul>
  );
}

/**
 * Below this width the fixed columns (40rem) would leave the name and e-mail less than about
 * 16rem: one card per person instead. At 1280 px, beside the sidebar, the container is 976 px.
 */
const TABLE_MIN_WIDTH = 900;

/**
 * Everyone who receives the agent's leads: a table when its container is wide, one card per
 * person when it is narrow (a phone, the onboarding page). Only one of the two is rendered, so
 * each control exists once.
 */
export function RecipientList({ recipients, onRemoved }: { recipients: Recipient[]; onRemoved: () => void }) {
  const container = useRef<HTMLDivElement>(null);
  const wide = useElementWidth(container) >= TABLE_MIN_WIDTH;
  const [editing, setEditing] = useState<string | null>(null);
  const [drafts] = useState(() => new Map<string, RecipientCreate>());
  const edit = useMemo(() => ({ editing, setEditing, drafts }), [editing, drafts]);
  return (
    <RecipientEditContext.Provider value={edit}>
      <div ref={container} data-layout={wide ? 'table' : 'cards'} className="@container">
        {wide ? (
          <RecipientTable recipients={recipients} onRemoved={onRemoved} />
        ) : (
          <RecipientCards recipients={recipients} onRemoved={onRemoved} />
        )}
      </div>
    </RecipientEditContext.Provider>
  );
}
