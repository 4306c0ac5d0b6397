import { zodResolver } from '@hookform/resolvers/zod';
import { type AgentRecord, localIsoDate, STATE_CODES, US_STATES } from '@portal/shared';
import { Plus, Trash2 } from 'lucide-react';
import type * as React from 'react';
import { useId, useRef, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FormError } from '@/components/form-error';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useStepSubmit } from '@/lib/use-step-submit';
import { LicenceExpiryNotice } from './licence-expiry-notice';

export type License = NonNullable<AgentRecord['licensed_states']>[number];

/** The profile's limit on licences (AgentProfilePatchSchema). */
const MAX_LICENCES = 60;
const LICENCE_TYPES = ['Salesperson', 'Broker', 'Associate broker'];

/**
 * LicenseSchema's rules (number, state and type required; expiry optional) in the words of this
 * form; `origin` is the saved licence a row started from, null for a new one.
 */
const LicenceRowSchema = z.object({
  license_number: z
    .string()
    .trim()
    .min(1, 'Enter the licence number')
    .max(60, 'Keep the licence number to 60 characters or fewer'),
  state: z.string().min(1, 'Choose the state that issued the licence'),
  type: z
    .string()
    .trim()
    .min(1, 'Enter the licence type, for example Salesperson')
    .max(100, 'Keep the licence type to 100 characters or fewer'),
  exp_date: z.union([z.literal(''), z.iso.date({ message: 'Enter a real date, or leave it empty' })]),
  origin: z.custom<License | null>(),
});

const LicencesFormSchema = z
  .object({ licences: z.array(LicenceRowSchema).max(MAX_LICENCES, `At most ${MAX_LICENCES} licences`) })
  .superRefine(({ licences }, ctx) => {
    const seen = new Set<string>();
    licences.forEach((licence, index) => {
      const key = `${licence.state}|${licence.license_number.toUpperCase()}`;
      if (licence.license_number && seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['licences', index, 'license_number'],
          message: 'This licence is already in the list',
        });
      }
      seen.add(key);
    });
  });

type LicencesValues = z.input<typeof LicencesFormSchema>;
type LicenceRow = LicencesValues['licences'][number];

const toRow = (licence: License): LicenceRow => ({
  license_number: licence.license_number,
  state: licence.state,
  type: licence.type,
  exp_date: licence.exp_date ?? '',
  origin: licence,
});

const toLicence = ({ origin: _origin, exp_date, ...licence }: LicenceRow): License => ({
  ...licence,
  license_number: licence.license_number.trim(),
  type: licence.type.trim(),
  exp_date: exp_date === '' ? null : exp_date,
});

const licenceName = (row: Pick<LicenceRow, 'state' | 'license_number'>, position: number) =>
  [row.state, row.license_number.trim()].filter(Boolean).join(' ') || `number ${position}`;

/**
 * The licences an agent holds, as a list to edit: add a licence, correct one, remove one. Each
 * licence warns when it expires within 90, 60 or 30 days or has expired. Nothing is saved until
 * the form's save button: it writes the whole list, removals included (ADR 39). `onSave` saves
 * it and decides what follows (the onboarding step moves on, the profile page confirms it).
 */
export function LicencesForm({
  agent,
  onSave,
  actions,
}: {
  agent: AgentRecord;
  /** Saves the checked list; what it throws is shown above the buttons, and nothing typed is lost. */
  onSave: (licences: License[]) => Promise<void>;
  /** The form's buttons (a submit button saves), given whether a save is under way. */
  actions: (pending: boolean) => React.ReactNode;
}) {
  const submit = useStepSubmit();
  const typesId = useId();
  const addButton = useRef<HTMLButtonElement>(null);
  const today = localIsoDate(new Date());
  const form = useForm<LicencesValues, unknown, z.output<typeof LicencesFormSchema>>({
    resolver: zodResolver(LicencesFormSchema),
    defaultValues: { licences: (agent.licensed_states ?? []).map(toRow) },
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'licences' });
  const rows = useWatch({ control: form.control, name: 'licences' }) ?? [];
  const { errors } = form.formState;
  /** Saved licences taken off the list and not saved yet, said beside the buttons. */
  const [removed, setRemoved] = useState<string[]>([]);

  const onSubmit = form.handleSubmit(
    (values) =>
      submit.run(async () => {
        const licences = values.licences.map(toLicence);
        await onSave(licences);
        form.reset({ licences: licences.map(toRow) });
        setRemoved([]);
      }),
    // The field messages say what to fix now; an earlier save's message no longer applies.
    () => submit.setError(null),
  );

  const removeRow = (index: number) => {
    const row = form.getValues(`licences.${index}`);
    remove(index);
    if (row.origin) setRemoved((list) => [...list, licenceName(row.origin!, index + 1)]);
    // The row is gone: the keyboard goes on to adding another.
    addButton.current?.focus();
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Your licences" className="grid gap-5">
      <datalist id={typesId}>
        {LICENCE_TYPES.map((type) => (
          <option key={type} value={type} />
        ))}
      </datalist>
      {fields.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border p-4 text-sm text-muted-foreground">
          No licences yet. Add each real-estate licence you hold, one for every state you work in.
        </p>
      ) : (
        <ol aria-label="Licences" className="grid gap-4">
          {fields.map((field, index) => {
            const rowErrors = errors.licences?.[index];
            const row = rows[index];
            const position = index + 1;
            const of = <span className="sr-only"> of licence {position}</span>;
            const stateValue = row?.state ?? '';
            return (
              <li key={field.id} className="rounded-lg border border-border p-4">
                <fieldset className="grid gap-4">
                  <legend className="mb-4 font-semibold">
                    Licence {position}
                    {row?.origin ? null : (
                      <span className="ml-2 text-sm font-normal text-muted-foreground">(not saved yet)</span>
                    )}
                  </legend>
                  <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
                    <Field label={<>Licence number{of}</>} error={rowErrors?.license_number?.message}>
                      <Input autoComplete="off" {...form.register(`licences.${index}.license_number`)} />
                    </Field>
                    <Field label={<>State{of}</>} error={rowErrors?.state?.message}>
                      <NativeSelect {...form.register(`licences.${index}.state`)}>
                        <option value="">Choose a state</option>
                        {stateValue && !(STATE_CODES as readonly string[]).includes(stateValue) ? (
                          <option value={stateValue}>{stateValue}</option>
                        ) : null}
                        {US_STATES.map(([code, name]) => (
                          <option key={code} value={code}>
                            {name} ({code})
                          </option>
                        ))}
                      </NativeSelect>
                    </Field>
                    <Field label={<>Licence type{of}</>} error={rowErrors?.type?.message}>
                      <Input
                        autoComplete="off"
                        list={typesId}
                        placeholder="e.g. Salesperson"
                        {...form.register(`licences.${index}.type`)}
                      />
                    </Field>
                    <Field
                      label={<>Expiry date{of}</>}
                      description="Leave empty if it does not expire."
                      error={rowErrors?.exp_date?.message}
                    >
                      <Input type="date" {...form.register(`licences.${index}.exp_date`)} />
                    </Field>
                  </div>
                  {row?.exp_date ? <LicenceExpiryNotice expDate={row.exp_date} today={today} /> : null}
                  <div className="flex justify-end">
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      className="text-destructive hover:text-destructive"
                      onClick={() => removeRow(index)}
                    >
                      <Trash2 aria-hidden="true" />
                      Remove <span className="sr-only">licence {position}</span>
                    </Button>
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
      <div className="grid justify-items-start gap-2">
        <Button
          ref={addButton}
          type="button"
          variant="outline"
          disabled={fields.length >= MAX_LICENCES}
          onClick={() =>
            append(
              { license_number: '', state: '', type: '', exp_date: '', origin: null },
              { shouldFocus: true },
            )
          }
        >
          <Plus aria-hidden="true" />
          Add a licence
        </Button>
        {fields.length >= MAX_LICENCES ? (
          <p className="text-sm text-muted-foreground">
            You have listed the most licences a profile can hold.
          </p>
        ) : null}
      </div>
      {removed.length > 0 ? (
        <p role="status" className="text-sm text-muted-foreground">
          {removed.length === 1 ? `Licence ${removed[0]} is` : `Licences ${removed.join(', ')} are`} off the
          list; save to keep this change.
        </p>
      ) : null}
      <FormError
        message={submit.error ?? errors.licences?.root?.message ?? errors.licences?.message ?? null}
      />
      {actions(submit.pending)}
    </form>
  );
}
