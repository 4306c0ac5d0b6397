// The "Retention" part of the settings: how long message texts and audit entries are kept, and
// what the hourly clean-up removed lately (ADR 67). Spent links, ended sessions and old rate-limit
// counters go on their own; only these two are the office's choice.
import { type AdminRetention, RETENTION_LIMITS, type RetentionCounts, type Settings } from '@portal/shared';
import { useRef } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { formatCount } from '@/components/leads/lead-format';
import { ChoiceField } from '@/components/ui/choice-field';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useRetention } from '../api/retention';
import { AdminSection } from './admin-section';
import { Skeleton } from './load-error';
import { formatWhen } from './when';

/** Where "Remove after a number of days" starts when the log was kept for good: two years. */
const FIRST_AUDIT_DAYS = 730;

const KINDS: [keyof RetentionCounts, string, string][] = [
  ['tokens', 'link', 'links'],
  ['sessions', 'session', 'sessions'],
  ['rate_limits', 'rate-limit counter', 'rate-limit counters'],
  ['message_bodies', 'message text', 'message texts'],
  ['audit_rows', 'audit entry', 'audit entries'],
];

/** "12 links, 1 session, ... and 0 audit entries". */
export function removedCounts(counts: RetentionCounts): string {
  const parts = KINDS.map(
    ([key, one, many]) => `${formatCount(counts[key])} ${counts[key] === 1 ? one : many}`,
  );
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

function LastCleanUp({ figures }: { figures: AdminRetention }) {
  if (!figures.last_run || !figures.last_run_at) {
    return <p>Not run yet. The clean-up runs every hour.</p>;
  }
  return (
    <>
      <p>
        Last clean-up {formatWhen(figures.last_run_at)}: removed {removedCounts(figures.last_run)}.
      </p>
      <p className="text-muted-foreground">In the last 30 days: {removedCounts(figures.last_30_days)}.</p>
    </>
  );
}

/** What the clean-up removed: read apart from the form, which it never blocks. */
function RetentionFigure() {
  const figures = useRetention();
  return (
    <div role="status" aria-label="Clean-up" className="grid gap-1 rounded-lg bg-muted p-3 text-sm">
      {figures.isPending ? (
        <Skeleton className="h-5 w-full max-w-md" />
      ) : figures.isError ? (
        <p className="text-muted-foreground">What the clean-up removed could not be loaded.</p>
      ) : (
        <LastCleanUp figures={figures.data} />
      )}
    </div>
  );
}

export function SettingsRetentionSection({ form }: { form: UseFormReturn<Settings> }) {
  const errors = form.formState.errors.retention;
  // The number last chosen, given back when "Remove after" is chosen again.
  const lastAuditDays = useRef(form.getValues('retention.audit_days') ?? FIRST_AUDIT_DAYS);
  return (
    <AdminSection
      title="Retention"
      description="Every hour the portal removes what it no longer needs: spent and expired links, ended sessions and old rate-limit counters. How long message texts and the audit log are kept is yours to choose."
    >
      <RetentionFigure />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Keep message texts (days)"
          description={`Sent and failed e-mails and texts keep their text and attachments this long (${RETENTION_LIMITS.messageBodyDaysMin} to ${formatCount(RETENTION_LIMITS.daysMax)} days). After that the console still shows who each went to, when, the subject and every attempt.`}
          error={errors?.message_body_days?.message}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={RETENTION_LIMITS.messageBodyDaysMin}
            max={RETENTION_LIMITS.daysMax}
            step={1}
            {...form.register('retention.message_body_days', { valueAsNumber: true })}
          />
        </Field>
      </div>
      <Controller
        control={form.control}
        name="retention.audit_days"
        render={({ field }) => (
          <div className="grid gap-4 sm:grid-cols-2">
            <ChoiceField
              legend="Audit log"
              description="Who changed what in the console, sign-ins and people's own changes."
              layout="stack"
              value={field.value === null ? 'forever' : 'days'}
              onValueChange={(choice) => {
                if (choice === 'forever') {
                  if (typeof field.value === 'number' && !Number.isNaN(field.value))
                    lastAuditDays.current = field.value;
                  field.onChange(null);
                } else field.onChange(lastAuditDays.current);
              }}
              onBlur={field.onBlur}
              choices={[
                { value: 'forever', label: 'Keep forever' },
                {
                  value: 'days',
                  label: 'Remove entries after a number of days',
                  description: 'Older entries are removed for good at the next clean-up.',
                },
              ]}
            />
            {field.value === null ? null : (
              <Field
                label="Keep audit entries (days)"
                description={`At least ${RETENTION_LIMITS.auditDaysMin} days, at most ${formatCount(RETENTION_LIMITS.daysMax)}.`}
                error={errors?.audit_days?.message}
                className="self-end"
              >
                <Input
                  type="number"
                  inputMode="numeric"
                  min={RETENTION_LIMITS.auditDaysMin}
                  max={RETENTION_LIMITS.daysMax}
                  step={1}
                  name={field.name}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  value={Number.isNaN(field.value) ? '' : field.value}
                  onChange={(event) =>
                    field.onChange(event.target.value === '' ? Number.NaN : Number(event.target.value))
                  }
                />
              </Field>
            )}
          </div>
        )}
      />
      {/* A refusal of the server that names no one field. */}
      {errors?.message ? <p className="text-sm font-medium text-destructive">{errors.message}</p> : null}
    </AdminSection>
  );
}
