import { zodResolver } from '@hookform/resolvers/zod';
import { type AgentRecord, US_STATES } from '@portal/shared';
import { type ReactNode, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ChoiceField } from '@/components/ui/choice-field';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useUpdateDetails } from '@/lib/agent-profile-api';
import { errorMessage } from '@/lib/api-client';
import { MOBILE_DEVICES } from '@/lib/mobile-devices';
import { TIMEZONE_NAMES } from '@/lib/time-zones';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { DetailsLeadTypes } from './details-lead-types';
import {
  type DetailsFormInput,
  type DetailsFormOutput,
  detailsFormSchema,
  detailsFormValues,
  detailsPatch,
  dirtySections,
  ZONES,
} from './details-schema';
import { DetailsUnsavedChanges } from './details-unsaved-changes';

const localTime = (timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(new Date());

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/**
 * The agent's own details: name, contact, mobile phone, time zone and lead types, checked with
 * the profile PATCH rules. Save sends only what changed; a refused save keeps everything typed.
 */
export function DetailsForm({ agent, signInEmail }: { agent: AgentRecord; signInEmail: string }) {
  const save = useUpdateDetails();
  const phoneOnFile = agent.agent_phone !== '';
  const addressOnFile = agent.mailing_address !== null;
  const schema = useMemo(
    () => detailsFormSchema({ phoneRequired: phoneOnFile, addressRequired: addressOnFile }),
    [phoneOnFile, addressOnFile],
  );
  const form = useForm<DetailsFormInput, unknown, DetailsFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: detailsFormValues(agent),
  });
  const [saveError, setSaveError] = useState<string | null>(null);
  const { errors, isDirty, dirtyFields } = form.formState;
  const changed = dirtySections(dirtyFields);

  const onSubmit = form.handleSubmit(async (values) => {
    setSaveError(null);
    const patch = detailsPatch(agent, values);
    if (Object.keys(patch).length === 0) {
      form.reset(detailsFormValues(agent));
      toast.info('Nothing to save: your details are as they were.');
      return;
    }
    try {
      const record = await save.mutateAsync(patch);
      form.reset(detailsFormValues(record));
      toast.success('Your details are saved.');
    } catch (error) {
      const message = errorMessage(error, 'Your details could not be saved. Please try again.');
      setSaveError(message);
      toast.error('Your details were not saved', { description: message });
    }
  });

  const zoneChoices = ZONES.map((zone) => ({
    value: zone,
    label: TIMEZONE_NAMES[zone],
    description: `Now ${localTime(zone)}`,
  }));

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Your details" className="grid gap-6">
      <Section title="Name" description="How sellers, your team and the office see you.">
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="First name" error={errors.agent_first_name?.message}>
            <Input autoComplete="given-name" {...form.register('agent_first_name')} />
          </Field>
          <Field label="Last name" error={errors.agent_last_name?.message}>
            <Input autoComplete="family-name" {...form.register('agent_last_name')} />
          </Field>
        </div>
      </Section>

      <Section title="Contact" description="How leads and the office reach you, and where we post documents.">
        <div className="grid gap-1">
          <p className="text-sm font-medium">Sign-in e-mail</p>
          <p className="break-all">{signInEmail}</p>
          <p className="text-sm text-muted-foreground">
            You sign in with this address and we e-mail you there. It cannot be changed here: to use another
            address, contact the office (reply to any e-mail we have sent you) and we will change it for you.
          </p>
        </div>
        <Field
          label="Mobile phone"
          error={errors.agent_phone?.message}
          description="The number seller leads call and text. US numbers need no country code."
        >
          <Input type="tel" autoComplete="tel" inputMode="tel" {...form.register('agent_phone')} />
        </Field>
        <fieldset className="grid gap-4">
          <legend className="mb-2 text-sm font-medium">Mailing address</legend>
          <Field label="Street address" error={errors.mailing_address?.street?.message}>
            <Input autoComplete="street-address" {...form.register('mailing_address.street')} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,14rem)_9rem]">
            <Field label="City" error={errors.mailing_address?.city?.message}>
              <Input autoComplete="address-level2" {...form.register('mailing_address.city')} />
            </Field>
            <Field label="State" error={errors.mailing_address?.state?.message}>
              <NativeSelect autoComplete="address-level1" {...form.register('mailing_address.state')}>
                <option value="">Select your state</option>
                {US_STATES.map(([code, name]) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field label="ZIP code" error={errors.mailing_address?.zip?.message}>
              <Input
                autoComplete="postal-code"
                inputMode="numeric"
                maxLength={5}
                {...form.register('mailing_address.zip')}
              />
            </Field>
          </div>
        </fieldset>
      </Section>

      <Section
        title="Phone type"
        description="So our instructions for saving contacts and receiving texts match your phone."
      >
        <Controller
          control={form.control}
          name="mobile_device"
          render={({ field }) => (
            <ChoiceField
              legend="Which kind of mobile phone do you use?"
              choices={MOBILE_DEVICES}
              layout="row"
              name={field.name}
              value={field.value}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.mobile_device?.message}
            />
          )}
        />
      </Section>

      <Section
        title="Time zone"
        description="Times in the portal, such as your onboarding call, are shown in this zone."
      >
        <Controller
          control={form.control}
          name="timezone"
          render={({ field }) => (
            <ChoiceField
              legend="Your time zone"
              description={agent.timezone === 'Pending' ? 'Not chosen yet.' : undefined}
              choices={zoneChoices}
              layout="grid"
              name={field.name}
              value={field.value}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.timezone?.message}
            />
          )}
        />
      </Section>

      <Section
        title="Lead types you accept"
        description="Leads are routed to you only for the types switched on. A change applies to new leads; leads you already have stay with you."
      >
        <DetailsLeadTypes control={form.control} />
      </Section>

      {saveError ? (
        <Alert variant="destructive">
          <AlertDescription>
            <p>Your details were not saved: {saveError} What you typed is still here.</p>
          </AlertDescription>
        </Alert>
      ) : null}

      {/* While there is something to save, the button stays in reach at the bottom of the screen. */}
      <div
        className={cn(
          'flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-border bg-background px-4 py-3',
          isDirty && 'sticky bottom-0 z-10 rounded-b-none border-b-0 shadow-[0_-4px_12px_rgb(0_0_0/0.08)]',
        )}
      >
        <Button type="submit" pending={save.isPending} disabled={!isDirty}>
          Save changes
        </Button>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {isDirty && changed.length > 0 ? `Unsaved changes: ${changed.join(', ')}.` : 'No unsaved changes.'}
        </p>
      </div>
      <DetailsUnsavedChanges dirty={isDirty && !save.isPending} sections={changed} />
    </form>
  );
}
