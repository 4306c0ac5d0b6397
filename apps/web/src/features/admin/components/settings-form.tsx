// The network-wide settings: when agents are asked to rate their leads, how the trend is read,
// which channels deliver leads, what the message providers allow, and how long message texts and
// the audit log are kept. Checked with the shared SettingsSchema; only what changed is sent; a
// refusal is shown by the field it is about.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ACCEPTANCE_MINUTES_MAX,
  SCORECARD_FIGURES,
  SCORECARD_RULES,
  type Settings,
  type SettingsPatch,
  SettingsSchema,
  SMTP_CONNECTIONS_MAX,
} from '@portal/shared';
import { useId, useRef, useState } from 'react';
import { Controller, type Path, useForm } from 'react-hook-form';
import { FormError } from '@/components/form-error';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/lib/toast';
import { useSaveSettings } from '../api/settings';
import { AdminSection } from './admin-section';
import { ConfirmDialog } from './confirm-dialog';
import { SettingsBillingSection } from './settings-billing-section';
import { SettingsRetentionSection } from './settings-retention-section';

type Group = 'lead_delivery';
type TopKey = keyof Settings;

/** The fields that differ from what the server holds; switch groups send only the switches moved. */
export function settingsPatch(saved: Settings, next: Settings): SettingsPatch {
  const patch: SettingsPatch = {};
  if (next.rating_interval_days !== saved.rating_interval_days)
    patch.rating_interval_days = next.rating_interval_days;
  if (next.rating_trend_threshold !== saved.rating_trend_threshold)
    patch.rating_trend_threshold = next.rating_trend_threshold;
  const limits = Object.fromEntries(
    Object.entries(next.provider_limits).filter(
      ([key, value]) => saved.provider_limits[key as keyof Settings['provider_limits']] !== value,
    ),
  );
  if (Object.keys(limits).length > 0) patch.provider_limits = limits;
  const quotas = Object.fromEntries(
    Object.entries(next.quotas).filter(
      ([key, value]) => saved.quotas[key as keyof Settings['quotas']] !== value,
    ),
  );
  if (Object.keys(quotas).length > 0) patch.quotas = quotas;
  const routing: NonNullable<SettingsPatch['routing']> = {};
  if (next.routing.acceptance_minutes !== saved.routing.acceptance_minutes)
    routing.acceptance_minutes = next.routing.acceptance_minutes;
  const floors = Object.fromEntries(
    Object.entries(next.routing.floors).filter(
      ([key, value]) => saved.routing.floors[key as keyof Settings['routing']['floors']] !== value,
    ),
  );
  if (Object.keys(floors).length > 0) routing.floors = floors;
  if (Object.keys(routing).length > 0) patch.routing = routing;
  const billing = Object.fromEntries(
    Object.entries(next.billing).filter(
      ([key, value]) => saved.billing[key as keyof Settings['billing']] !== value,
    ),
  );
  if (Object.keys(billing).length > 0) patch.billing = billing;
  const retention = Object.fromEntries(
    Object.entries(next.retention).filter(
      ([key, value]) => saved.retention[key as keyof Settings['retention']] !== value,
    ),
  );
  if (Object.keys(retention).length > 0) patch.retention = retention;
  for (const group of ['lead_delivery'] as const) {
    const changed = Object.fromEntries(
      Object.entries(next[group]).filter(
        ([key, value]) => (saved[group] as Record<string, boolean>)[key] !== value,
      ),
    );
    if (Object.keys(changed).length > 0) (patch as Record<Group, unknown>)[group] = changed;
  }
  return patch;
}

const FIELD_WORDS: [TopKey, RegExp][] = [
  ['rating_interval_days', /interval/i],
  ['rating_trend_threshold', /threshold|trend/i],
  ['lead_delivery', /deliver/i],
  ['provider_limits', /SMTP|texts? per second/i],
  ['quotas', /recipients per agent|uploads in progress|storage per agent/i],
  ['routing', /acceptance|floor/i],
  ['billing', /referral fee|days? to pay|how (agents )?(to )?pay/i],
  ['retention', /retention|message texts|audit entries/i],
];

/** What a floor is typed in, under its field. */
const FLOOR_HINTS = {
  minutes: 'Minutes, at most (1 to 10,080). Empty: no floor.',
  percent: 'Percent, at least (0 to 100). Empty: no floor.',
  rating: 'From 1 to 5, at least. Empty: no floor.',
} as const;

/** An empty floor field is no floor (null), not 0. */
const floorValue = (value: unknown) =>
  value === '' || value === null || value === undefined ? null : Number(value);

/** Which field a server refusal is about: the only one sent, else the one its words name. */
function fieldOf(detail: string, sent: TopKey[]): TopKey | null {
  if (sent.length === 1) return sent[0]!;
  return FIELD_WORDS.find(([key, words]) => sent.includes(key) && words.test(detail))?.[0] ?? null;
}

function SwitchRow({ id, label, description }: { id: string; label: string; description?: string }) {
  return (
    <span className="grid gap-0.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {description ? <span className="text-sm text-muted-foreground">{description}</span> : null}
    </span>
  );
}

function SwitchGroup({
  form,
  group,
  legend,
  description,
  switches,
  error,
}: {
  form: ReturnType<typeof useForm<Settings>>;
  group: Group;
  legend: string;
  description: string;
  switches: readonly { key: string; label: string }[];
  error?: string;
}) {
  const id = useId();
  return (
    <fieldset className="grid gap-3" aria-describedby={`${id}-description${error ? ` ${id}-error` : ''}`}>
      <legend className="font-medium">{legend}</legend>
      <p id={`${id}-description`} className="-mt-1 text-sm text-muted-foreground">
        {description}
      </p>
      {switches.map(({ key, label }) => (
        <Controller
          key={key}
          control={form.control}
          name={`${group}.${key}` as Path<Settings>}
          render={({ field }) => (
            <div className="flex items-center justify-between gap-4 rounded-lg border border-border px-3 py-2 sm:max-w-md">
              <SwitchRow id={`${id}-${key}`} label={label} />
              <Switch
                id={`${id}-${key}`}
                checked={field.value as boolean}
                onCheckedChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
              />
            </div>
          )}
        />
      ))}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

const CHANNELS = [
  { key: 'sms', label: 'Text message (SMS)' },
  { key: 'email', label: 'E-mail' },
  { key: 'call', label: 'Phone call' },
] as const;

export function SettingsForm({ settings }: { settings: Settings }) {
  const form = useForm<Settings>({ resolver: zodResolver(SettingsSchema), defaultValues: settings });
  const { errors } = form.formState;
  const [formError, setFormError] = useState<string | null>(null);
  const sent = useRef<TopKey[]>([]);
  const save = useSaveSettings({
    onSuccess: (saved) => form.reset(saved),
    onFieldError: (detail) => {
      const field = fieldOf(detail, sent.current);
      if (field) form.setError(field, { type: 'server', message: detail }, { shouldFocus: true });
      else setFormError(detail);
    },
  });
  const [turningOff, setTurningOff] = useState<{ patch: SettingsPatch; channels: string[] } | null>(null);
  const delivery = form.watch('lead_delivery');
  const noDelivery = !delivery.sms && !delivery.email && !delivery.call;

  const onSubmit = form.handleSubmit(
    (values) => {
      setFormError(null);
      const patch = settingsPatch(settings, values);
      sent.current = Object.keys(patch) as TopKey[];
      if (sent.current.length === 0) {
        toast.info('Nothing has changed.');
        return;
      }
      // Turning a channel off drops deliveries for good: the office confirms it first.
      const channels = CHANNELS.filter(
        ({ key }) => settings.lead_delivery[key] && patch.lead_delivery?.[key] === false,
      ).map(({ label }) => label);
      if (channels.length > 0) {
        setTurningOff({ patch, channels });
        return;
      }
      save.mutate(patch);
    },
    () => setFormError(null),
  );

  return (
    <form noValidate aria-label="Settings" onSubmit={onSubmit} className="grid gap-6">
      <AdminSection title="Ratings" description="When agents are asked to rate the quality of their leads.">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Rating interval (days)"
            description="Days after onboarding, and between two ratings, before an agent is asked again."
            error={errors.rating_interval_days?.message}
          >
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              max={365}
              step={1}
              {...form.register('rating_interval_days', { valueAsNumber: true })}
            />
          </Field>
          <Field
            label="Trend threshold"
            description="How far the latest score must move from the mean of the three before it to count as improving or declining."
            error={errors.rating_trend_threshold?.message}
          >
            <Input
              type="number"
              inputMode="decimal"
              min={0.1}
              max={4}
              step={0.1}
              {...form.register('rating_trend_threshold', { valueAsNumber: true })}
            />
          </Field>
        </div>
      </AdminSection>
      <AdminSection
        title="Routing"
        description="Offers and the floors agents are held to. A floor applies at once to the scorecards, which are worked out every 15 minutes."
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Acceptance window (minutes)"
            description={`How long an agent has to accept a lead before it goes to the next agent; 0 turns offers off (at most ${ACCEPTANCE_MINUTES_MAX.toLocaleString('en-US')}).`}
            error={errors.routing?.acceptance_minutes?.message}
          >
            <Input
              type="number"
              inputMode="numeric"
              min={0}
              max={ACCEPTANCE_MINUTES_MAX}
              step={1}
              {...form.register('routing.acceptance_minutes', { valueAsNumber: true })}
            />
          </Field>
        </div>
        <fieldset className="grid gap-3">
          <legend className="font-medium">Floors</legend>
          <p className="-mt-1 text-sm text-muted-foreground">
            Agents below a floor still get leads, but only when no eligible agent meets every floor.
          </p>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {SCORECARD_FIGURES.map((key) => {
              const rule = SCORECARD_RULES[key];
              return (
                <Field
                  key={key}
                  label={rule.label}
                  description={FLOOR_HINTS[rule.unit]}
                  error={
                    errors.routing?.floors?.[key]?.message ??
                    (key === SCORECARD_FIGURES[0] ? errors.routing?.floors?.message : undefined)
                  }
                >
                  <Input
                    type="number"
                    inputMode="decimal"
                    step={rule.unit === 'rating' ? 0.1 : 1}
                    min={rule.unit === 'minutes' || rule.unit === 'rating' ? 1 : 0}
                    max={rule.unit === 'minutes' ? 10_080 : rule.unit === 'rating' ? 5 : 100}
                    {...form.register(`routing.floors.${key}`, { setValueAs: floorValue })}
                  />
                </Field>
              );
            })}
          </div>
        </fieldset>
        {errors.routing?.message ? (
          <p className="text-sm font-medium text-destructive">{errors.routing.message}</p>
        ) : null}
      </AdminSection>
      <SettingsBillingSection form={form} />
      <AdminSection title="Lead delivery" description="Network-wide: a recipient's own choices still apply.">
        <SwitchGroup
          form={form}
          group="lead_delivery"
          legend="Deliver leads by"
          description="Turn a channel off to stop every lead going out on it, for example while a provider is down."
          switches={CHANNELS}
          error={errors.lead_delivery?.message}
        />
        {noDelivery ? (
          <Alert variant="destructive" role="status">
            <AlertDescription>
              <p>
                With every channel off, no lead is delivered to anyone: leads routed meanwhile wait in the
                agents' lists, and nobody is told about them.
              </p>
            </AlertDescription>
          </Alert>
        ) : null}
      </AdminSection>
      <AdminSection
        title="Message providers"
        description="What the e-mail server and Twilio accept. Messages beyond these limits wait in the outbox, account e-mails first."
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="SMTP connections"
            description="E-mails handed to the mail server at the same time, one connection each."
            error={errors.provider_limits?.smtp_connections?.message}
          >
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              max={SMTP_CONNECTIONS_MAX}
              step={1}
              {...form.register('provider_limits.smtp_connections', { valueAsNumber: true })}
            />
          </Field>
          <Field
            label="Texts and calls per second"
            description="Twilio's limit for the account's numbers; a refusal (429) slows delivery down on its own."
            error={errors.provider_limits?.sms_per_second?.message}
          >
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              max={500}
              step={1}
              {...form.register('provider_limits.sms_per_second', { valueAsNumber: true })}
            />
          </Field>
        </div>
      </AdminSection>
      <AdminSection
        title="Quotas"
        description="What one account may hold. Going over is refused with a message that says what to do."
      >
        <div className="grid gap-4 sm:grid-cols-3">
          <Field
            label="Recipients per agent"
            description="People on an agent's routing list."
            error={errors.quotas?.recipients_per_agent?.message}
          >
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              max={500}
              step={1}
              {...form.register('quotas.recipients_per_agent', { valueAsNumber: true })}
            />
          </Field>
          <Field
            label="Uploads in progress"
            description="Files an account has started and not finished uploading."
            error={errors.quotas?.upload_tickets_per_account?.message}
          >
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              max={500}
              step={1}
              {...form.register('quotas.upload_tickets_per_account', { valueAsNumber: true })}
            />
          </Field>
          <Field
            label="Storage per agent (MB)"
            description="Photos, logos, documents and videos kept for one agent."
            error={errors.quotas?.storage_mb_per_agent?.message}
          >
            <Input
              type="number"
              inputMode="numeric"
              min={50}
              max={100000}
              step={1}
              {...form.register('quotas.storage_mb_per_agent', { valueAsNumber: true })}
            />
          </Field>
        </div>
      </AdminSection>
      <SettingsRetentionSection form={form} />
      <ConfirmDialog
        open={turningOff !== null}
        onOpenChange={(open) => {
          if (!open) setTurningOff(null);
        }}
        title={`Turn off ${turningOff?.channels.join(' and ') ?? ''}?`}
        description="Leads routed while a channel is off are not sent on it, not even once it is turned on again: agents find them in their lists. Other channels still go out."
        confirmLabel="Turn off and save"
        destructive
        pending={save.isPending}
        onConfirm={() => {
          if (turningOff) save.mutate(turningOff.patch, { onSettled: () => setTurningOff(null) });
        }}
      />
      <FormError message={formError} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" pending={save.isPending}>
          Save settings
        </Button>
        <Button
          type="button"
          variant="outline"
          disabled={save.isPending}
          onClick={() => {
            setFormError(null);
            form.reset(settings);
          }}
        >
          Undo changes
        </Button>
      </div>
    </form>
  );
}
