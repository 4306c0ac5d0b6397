// The office-owned fields of an agent (SPEC.md section 3). Save sends only what changed; a
// refused save shows the server's reason above the button and keeps everything typed.
import { zodResolver } from '@hookform/resolvers/zod';
import { type AgentRecord, formatCents, parseDollars } from '@portal/shared';
import type * as React from 'react';
import { useId, useState } from 'react';
import { Controller, type FieldError, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { FormError } from '@/components/form-error';
import { formatMoney } from '@/components/leads/lead-format';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { toast } from '@/lib/toast';
import { useUpdateAgent } from '../api/agents';
import {
  changedFields,
  GOOGLE_ANSWER_LABELS,
  GOOGLE_FIELDS,
  type OfficeFormValues,
  officeFormSchema,
  officeFormValues,
} from './agent-office-schema';

type OfficePatch = ReturnType<typeof officeFormSchema.parse>;

/** The first message of a field, or of the first of its parts (a list's line). */
function messageOf(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as FieldError;
  if (typeof message === 'string') return message;
  for (const part of Object.values(error)) {
    const found = messageOf(part);
    if (found) return found;
  }
  return undefined;
}

function Group({ legend, children }: { legend: string; children: React.ReactNode }) {
  return (
    <fieldset className="grid gap-4 border-t border-border pt-4">
      <legend className="pr-2 text-sm font-semibold">{legend}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

function SwitchRow({
  label,
  description,
  checked,
  onChange,
}: {
  label: string;
  description?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3 sm:col-span-2">
      <Switch
        id={id}
        checked={checked}
        onCheckedChange={onChange}
        aria-describedby={description ? `${id}-description` : undefined}
      />
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        {description ? (
          <p id={`${id}-description`} className="text-sm text-muted-foreground">
            {description}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** A dollar figure of the record, shown to the cent (exact: read from its text, no arithmetic). */
function dollars(value: number) {
  const cents = parseDollars(String(value));
  return cents === null ? formatMoney(value) : formatCents(cents);
}

/** Fees paid, deposit and refund: computed from the ledger, so shown here and never typed. */
function LedgerFigures({ agent }: { agent: AgentRecord }) {
  const figures: [label: string, value: string][] = [
    ['Fees paid', dollars(agent.total_fees_paid)],
    ['Deposit paid', dollars(agent.deposit_amount_paid)],
    ['Refunded', agent.refund.refunded ? dollars(agent.refund.amount) : 'No'],
  ];
  if (agent.refund.notes) figures.push(['Refund notes', agent.refund.notes]);
  return (
    <div className="grid gap-2 sm:col-span-2">
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-3">
        {figures.map(([label, value]) => (
          <div key={label} className="grid min-w-0 gap-0.5">
            <dt className="text-sm font-medium">{label}</dt>
            <dd className="[overflow-wrap:anywhere] tabular-nums">
              {value}
              <span className="block text-xs text-muted-foreground">From the ledger</span>
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-muted-foreground">
        Record payments, deposits and refunds under{' '}
        <Link to={`${paths.adminAgent.href(agent.id)}?tab=billing`}>Billing</Link>.
      </p>
    </div>
  );
}

export function AgentOfficeForm({ agent }: { agent: AgentRecord }) {
  const [refused, setRefused] = useState<string | null>(null);
  const form = useForm<OfficeFormValues, unknown, OfficePatch>({
    resolver: zodResolver(officeFormSchema),
    defaultValues: officeFormValues(agent),
  });
  const update = useUpdateAgent(agent.id, {
    success: 'Office fields saved',
    onFieldError: setRefused,
  });
  const { errors, isDirty } = form.formState;
  const text = (name: Parameters<typeof form.register>[0]) => form.register(name);

  const onSubmit = form.handleSubmit(async (values) => {
    setRefused(null);
    const patch = changedFields(agent, values);
    if (Object.keys(patch).length === 0) {
      form.reset(officeFormValues(agent));
      toast.info('Nothing to save: the fields are as they were.');
      return;
    }
    try {
      const detail = await update.mutateAsync(patch);
      form.reset(officeFormValues(detail.agent));
    } catch {
      // The reason is shown above the button (or in a toast); what was typed stays.
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Office fields" className="grid gap-6">
      <Group legend="Identity in other systems">
        <Field label="WordPress id" error={errors.wp_id?.message}>
          <Input inputMode="numeric" {...text('wp_id')} />
        </Field>
        <Field
          label="Agent URI"
          error={errors.agent_uri?.message}
          description="The agent's page address: lower-case letters, digits and dashes."
        >
          <Input autoComplete="off" spellCheck={false} {...text('agent_uri')} />
        </Field>
      </Group>
      <Group legend="Phone numbers">
        <Field label="Tracking number" error={errors.agent_tracking_phone_number?.message}>
          <Input type="tel" {...text('agent_tracking_phone_number')} />
        </Field>
        <Field
          label="More tracking numbers"
          error={messageOf(errors.additional_tracking_phone_numbers)}
          description="One number a line."
        >
          <Textarea rows={3} {...text('additional_tracking_phone_numbers')} />
        </Field>
        <Field label="Dial-out number" error={errors.dial_out_num?.message}>
          <Input type="tel" {...text('dial_out_num')} />
        </Field>
        <Field label="Seller dial-out number" error={errors.dial_out_num_seller?.message}>
          <Input type="tel" {...text('dial_out_num_seller')} />
        </Field>
      </Group>
      <Group legend="Google">
        {GOOGLE_FIELDS.map(({ key, label }) => (
          <Field key={key} label={label} error={errors.google?.[key]?.message}>
            <NativeSelect {...text(`google.${key}`)}>
              {Object.entries(GOOGLE_ANSWER_LABELS).map(([value, answer]) => (
                <option key={value} value={value}>
                  {answer}
                </option>
              ))}
            </NativeSelect>
          </Field>
        ))}
        <Field label="Business Profile name" error={errors.google_business_profile_name?.message}>
          <Input {...text('google_business_profile_name')} />
        </Field>
        <Field label="Business Profile link" error={errors.gbp_link?.message}>
          <Input type="url" inputMode="url" {...text('gbp_link')} />
        </Field>
        <Field label="Google Sheet id" error={errors.google_sheet_id?.message}>
          <Input spellCheck={false} {...text('google_sheet_id')} />
        </Field>
        <Field label="Google Ads date" error={errors.google_ads_date?.message}>
          <Input type="date" {...text('google_ads_date')} />
        </Field>
        <Field label="Google notes" error={errors.google_notes?.message} className="sm:col-span-2">
          <Textarea rows={3} {...text('google_notes')} />
        </Field>
      </Group>
      <Group legend="Money (US dollars)">
        <Field label="Ad spend" error={errors.total_ad_spend?.message}>
          <Input inputMode="decimal" {...text('total_ad_spend')} />
        </Field>
        <LedgerFigures agent={agent} />
      </Group>
      <Group legend="Onboarding and notes">
        <Controller
          control={form.control}
          name="onboarding_completed_override"
          render={({ field }) => (
            <SwitchRow
              label="Count onboarding as complete"
              description="Overrides the sections and agreements; an onboarding agent becomes active when saved."
              checked={field.value}
              onChange={field.onChange}
            />
          )}
        />
        <Field label="Call notes" error={errors.agent_call_notes?.message} className="sm:col-span-2">
          <Textarea rows={4} {...text('agent_call_notes')} />
        </Field>
        <Field label="Sub-agents notes" error={errors.subagents_notes?.message} className="sm:col-span-2">
          <Textarea rows={3} {...text('subagents_notes')} />
        </Field>
      </Group>
      <FormError message={refused} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" pending={update.isPending}>
          Save office fields
        </Button>
        {isDirty ? (
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              setRefused(null);
              form.reset(officeFormValues(agent));
            }}
          >
            Discard changes
          </Button>
        ) : null}
      </div>
    </form>
  );
}
