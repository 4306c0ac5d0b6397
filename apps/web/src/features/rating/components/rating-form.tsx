import { zodResolver } from '@hookform/resolvers/zod';
import { RatingRequestSchema } from '@portal/shared';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { useSubmitRating } from '../api/submit-rating';

const SCORES = [
  { score: 1, label: 'Poor' },
  { score: 2, label: 'Fair' },
  { score: 3, label: 'Good' },
  { score: 4, label: 'Very good' },
  { score: 5, label: 'Excellent' },
] as const;

/** No score chosen yet is a type error to zod; say it the way the schema says a wrong score. */
const resolver = zodResolver(RatingRequestSchema, {
  error: (issue) =>
    issue.code === 'invalid_type' && issue.path?.[0] === 'score' ? 'Choose a score from 1 to 5' : undefined,
});

export function RatingForm() {
  const navigate = useNavigate();
  const id = useId();
  const legendId = `${id}-legend`;
  const errorId = `${id}-error`;
  const submit = useSubmitRating();
  const form = useForm({ resolver, defaultValues: { score: undefined, comment: '' } });
  const { errors, isSubmitting } = form.formState;
  const [formError, setFormError] = useState<string | null>(null);
  const { me } = useAuth();
  const [sent, setSent] = useState(false);
  const ratingRequired = me?.rating_required ?? true;

  // The leads open once the user shown to the route guard no longer asks for a rating: going
  // there before that render would send the agent back here.
  useEffect(() => {
    if (sent && !ratingRequired) navigate(paths.leads.href(), { replace: true });
  }, [sent, ratingRequired, navigate]);

  const onSubmit = form.handleSubmit(async (values) => {
    if (submit.isPending) return;
    setFormError(null);
    try {
      await submit.mutateAsync(values);
      setSent(true);
    } catch (error) {
      setFormError(errorMessage(error, 'Your rating was not saved. Please try again.'));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-6" aria-label="Rate your leads">
      <fieldset className="grid gap-3" aria-describedby={errors.score ? errorId : undefined}>
        <legend id={legendId} className="mb-3 text-base font-medium">
          How good were your leads this month?
        </legend>
        <Controller
          control={form.control}
          name="score"
          render={({ field }) => (
            <RadioGroup
              ref={field.ref}
              name={field.name}
              value={field.value === undefined ? '' : String(field.value)}
              onValueChange={(value) => field.onChange(Number(value))}
              aria-labelledby={legendId}
              aria-invalid={errors.score ? true : undefined}
              className="grid gap-2 sm:grid-cols-5"
            >
              {SCORES.map(({ score, label }) => (
                <div
                  key={score}
                  className="flex items-center gap-2 rounded-md border border-border px-3 py-2 has-[[data-state=checked]]:border-primary"
                >
                  <RadioGroupItem value={String(score)} id={`${id}-score-${score}`} />
                  <Label htmlFor={`${id}-score-${score}`} className="font-normal">
                    {score} – {label}
                  </Label>
                </div>
              ))}
            </RadioGroup>
          )}
        />
        {errors.score ? (
          <p id={errorId} className="text-sm font-medium text-destructive">
            {errors.score.message}
          </p>
        ) : null}
      </fieldset>
      <Field
        label="Comment (optional)"
        error={errors.comment?.message}
        description="What was good, what was not?"
      >
        <Textarea rows={4} {...form.register('comment')} />
      </Field>
      {formError ? (
        <Alert variant="destructive">
          <AlertDescription>{formError}</AlertDescription>
        </Alert>
      ) : null}
      <Button type="submit" pending={isSubmitting}>
        Send my rating
      </Button>
    </form>
  );
}
