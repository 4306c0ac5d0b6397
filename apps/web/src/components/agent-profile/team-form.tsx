import { zodResolver } from '@hookform/resolvers/zod';
import type { AgentRecord } from '@portal/shared';
import type * as React from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormError } from '@/components/form-error';
import { ChoiceField } from '@/components/ui/choice-field';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useUpdateDetails } from '@/lib/agent-profile-api';
import { useStepSubmit } from '@/lib/use-step-submit';

export const TEAM_NAME_REQUIRED = "Enter your team's name: it is required when you work with a team.";

/** With "yes", the team's name is required (the server refuses marking my_team without it too). */
const TeamFormSchema = z
  .object({
    has_real_estate_team: z.enum(['yes', 'no'], { message: 'Say whether you work with a real-estate team' }),
    // The profile's limit (AgentProfilePatchSchema), said in words.
    real_estate_team_name: z.string().trim().max(200, 'Keep the team name to 200 characters or fewer'),
  })
  .superRefine((values, ctx) => {
    if (values.has_real_estate_team === 'yes' && values.real_estate_team_name === '') {
      ctx.addIssue({ code: 'custom', path: ['real_estate_team_name'], message: TEAM_NAME_REQUIRED });
    }
  });

/**
 * Whether the agent works with a real-estate team and, if so, its name ("no" clears the name).
 * Saving updates the cached record; the onboarding step and the profile page then decide what
 * happens next (`onSaved`), and which buttons show (`actions`).
 */
export function TeamForm({
  agent,
  onSaved,
  actions,
}: {
  agent: AgentRecord;
  /** After a save; what it throws is shown above the buttons. */
  onSaved: (record: AgentRecord) => Promise<void> | void;
  /** The form's buttons (a submit button saves), given whether a save is under way. */
  actions: (pending: boolean) => React.ReactNode;
}) {
  const save = useUpdateDetails();
  const submit = useStepSubmit();
  const form = useForm<z.input<typeof TeamFormSchema>, unknown, z.output<typeof TeamFormSchema>>({
    resolver: zodResolver(TeamFormSchema),
    defaultValues: {
      has_real_estate_team: agent.has_real_estate_team,
      real_estate_team_name: agent.real_estate_team_name,
    },
  });
  const { errors } = form.formState;
  const hasTeam = form.watch('has_real_estate_team') === 'yes';
  const hadTeam = agent.has_real_estate_team === 'yes';

  const onSubmit = form.handleSubmit(
    (values) =>
      submit.run(async () => {
        const hasRealEstateTeam = values.has_real_estate_team === 'yes';
        const record = await save.mutateAsync({
          has_real_estate_team: values.has_real_estate_team,
          real_estate_team_name: hasRealEstateTeam ? values.real_estate_team_name : '',
        });
        form.reset({
          has_real_estate_team: record.has_real_estate_team,
          real_estate_team_name: record.real_estate_team_name,
        });
        await onSaved(record);
      }),
    // The field messages say what to fix now; an earlier save's message no longer applies.
    () => submit.setError(null),
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Your team" className="grid gap-6">
      <Controller
        control={form.control}
        name="has_real_estate_team"
        render={({ field }) => (
          <ChoiceField
            legend="Do you work with a real-estate team?"
            choices={[
              { value: 'yes', label: 'Yes', description: 'I work with a team under a team name.' },
              { value: 'no', label: 'No', description: 'I work on my own, under my own name.' },
            ]}
            layout="row"
            name={field.name}
            value={field.value}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.has_real_estate_team?.message}
          />
        )}
      />
      {hasTeam ? (
        <div className="grid gap-3">
          <Field
            label="Team name (required)"
            description="As it should appear in your advertising."
            error={errors.real_estate_team_name?.message}
            className="max-w-md"
          >
            <Input
              autoComplete="organization"
              aria-required="true"
              {...form.register('real_estate_team_name')}
            />
          </Field>
          {hadTeam ? null : (
            <p className="text-sm text-muted-foreground">
              With a team, the Branding step also asks for your team's logo.
            </p>
          )}
        </div>
      ) : null}
      <FormError message={submit.error} />
      {actions(submit.pending)}
    </form>
  );
}
