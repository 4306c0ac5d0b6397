import { zodResolver } from '@hookform/resolvers/zod';
import type { AgentRecord } from '@portal/shared';
import type * as React from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormError } from '@/components/form-error';
import { ChoiceField } from '@/components/ui/choice-field';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
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

/** What the team form saves: the answer, with the name ("" when the agent has no team). */
export type TeamAnswer = { has_real_estate_team: 'yes' | 'no'; real_estate_team_name: string };

/**
 * Whether the agent works with a real-estate team and, if so, its name ("no" clears the name).
 * The form checks; the page saves (ADR 39): `onSave`
 * decides what saving means and what follows, and `actions` which buttons show.
 */
export function TeamForm({
  agent,
  onSave,
  actions,
}: {
  agent: AgentRecord;
  /** Saves the checked answer; what it throws is shown above the buttons, and nothing typed is lost. */
  onSave: (answer: TeamAnswer) => Promise<void>;
  /** The form's buttons (a submit button saves), given whether a save is under way. */
  actions: (pending: boolean) => React.ReactNode;
}) {
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
        const answer: TeamAnswer = {
          has_real_estate_team: values.has_real_estate_team,
          real_estate_team_name: values.has_real_estate_team === 'yes' ? values.real_estate_team_name : '',
        };
        await onSave(answer);
        form.reset(answer);
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
