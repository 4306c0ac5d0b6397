import { LEAD_TYPES, type LeadType } from '@portal/shared';
import { useId } from 'react';
import { type Control, Controller, useWatch } from 'react-hook-form';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import type { DetailsFormInput, DetailsFormOutput } from './details-schema';

/** Each lead type ("niche") in words a seller-side agent uses. */
export const LEAD_TYPE_COPY: Record<LeadType, { label: string; description: string }> = {
  fsbo: {
    label: 'For sale by owner (FSBO)',
    description: 'Owners selling their home themselves, without an agent.',
  },
  expired: {
    label: 'Expired listings',
    description: 'Homes whose listing with an agent ended recently without a sale.',
  },
  divorced: {
    label: 'Divorce',
    description: 'Owners going through a divorce who may need to sell the home.',
  },
  recent_buyers: {
    label: 'Recent buyers',
    description: 'Owners who bought in the last few years and may be ready to move on.',
  },
  absentee: {
    label: 'Absentee owners',
    description: 'Owners who do not live in the home, such as landlords and second-home owners.',
  },
  high_sell_score: {
    label: 'Likely to sell soon',
    description: 'Owners whose data suggests a sale in the coming months.',
  },
  old_expired: {
    label: 'Older expired listings',
    description: 'Listings that expired some time ago and were never put back on the market.',
  },
  inherited: {
    label: 'Inherited homes',
    description: 'Heirs and estates with a home to sell, often through probate.',
  },
};

function LeadTypeSwitch({
  control,
  type,
}: {
  control: Control<DetailsFormInput, unknown, DetailsFormOutput>;
  type: LeadType;
}) {
  const id = useId();
  const { label, description } = LEAD_TYPE_COPY[type];
  return (
    <Controller
      control={control}
      name={`lead_types.${type}`}
      render={({ field }) => (
        <li className="flex items-start justify-between gap-4 rounded-lg border border-border p-3">
          <div className="grid gap-1">
            <Label htmlFor={id} className="leading-snug">
              {label}
            </Label>
            <p id={`${id}-description`} className="text-sm text-muted-foreground">
              {description}
            </p>
          </div>
          <Switch
            id={id}
            name={field.name}
            checked={field.value}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
            aria-describedby={`${id}-description`}
            className="mt-0.5"
          />
        </li>
      )}
    />
  );
}

/** The eight lead types, each on or off: leads of a type switched off are not routed to the agent. */
export function DetailsLeadTypes({
  control,
}: {
  control: Control<DetailsFormInput, unknown, DetailsFormOutput>;
}) {
  const types = useWatch({ control, name: 'lead_types' });
  const noneOn = LEAD_TYPES.every((type) => !types[type]);
  return (
    <div className="grid gap-3">
      <ul aria-label="Lead types" className="grid gap-3 md:grid-cols-2">
        {LEAD_TYPES.map((type) => (
          <LeadTypeSwitch key={type} control={control} type={type} />
        ))}
      </ul>
      {noneOn ? (
        <Alert variant="info">
          <AlertDescription>
            <p>With every lead type switched off, no new leads will be routed to you.</p>
          </AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}
