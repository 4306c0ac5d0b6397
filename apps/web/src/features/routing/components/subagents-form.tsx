import { zodResolver } from '@hookform/resolvers/zod';
import { AgentProfilePatchSchema, type AgentRecord, normalisePhone, PHONE_MESSAGE } from '@portal/shared';
import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { formatPhone } from '@/lib/format-phone';
import { useUpdateSubagents } from '../api/update-subagents';

/** Empty, or a real phone number sent as E.164. */
const OptionalPhoneSchema = z
  .string()
  .trim()
  .refine((value) => value === '' || normalisePhone(value) !== null, PHONE_MESSAGE)
  .transform((value) => (value === '' ? '' : (normalisePhone(value) ?? value)));

/** The profile's sub-agent rules, with the tracking phone checked as a phone when given. */
const SubagentSchema = AgentProfilePatchSchema.shape.subagents
  .unwrap()
  .element.extend({ tracking_phone: OptionalPhoneSchema });
const SubagentsFormSchema = z.object({
  subagents: z.array(SubagentSchema).max(50, 'At most 50 sub-agents'),
  subagents_notes: AgentProfilePatchSchema.shape.subagents_notes.unwrap(),
});
type SubagentsValues = z.input<typeof SubagentsFormSchema>;

/** Agents working under this one, each with their tracking phone, and notes about them. */
export function SubagentsForm({ agent }: { agent: AgentRecord }) {
  const save = useUpdateSubagents();
  const form = useForm<SubagentsValues, unknown, z.output<typeof SubagentsFormSchema>>({
    resolver: zodResolver(SubagentsFormSchema),
    defaultValues: {
      subagents: agent.subagents.map((subagent) => ({
        name: subagent.name,
        tracking_phone: formatPhone(subagent.tracking_phone),
      })),
      subagents_notes: agent.subagents_notes,
    },
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'subagents' });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (record) =>
        form.reset({
          subagents: record.subagents.map((subagent) => ({
            name: subagent.name,
            tracking_phone: formatPhone(subagent.tracking_phone),
          })),
          subagents_notes: record.subagents_notes,
        }),
    }),
  );

  return (
    <form noValidate aria-label="Sub-agents" onSubmit={onSubmit} className="grid max-w-3xl gap-4">
      {fields.length === 0 ? (
        <p className="text-sm text-muted-foreground">No sub-agents yet.</p>
      ) : (
        <ol className="grid gap-3">
          {fields.map((field, index) => (
            <li
              key={field.id}
              className="grid gap-3 rounded-lg border border-border p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
            >
              <Field label={`Sub-agent ${index + 1} name`} error={errors.subagents?.[index]?.name?.message}>
                <Input autoComplete="off" {...form.register(`subagents.${index}.name`)} />
              </Field>
              <Field
                label={`Sub-agent ${index + 1} tracking phone`}
                error={errors.subagents?.[index]?.tracking_phone?.message}
              >
                <Input
                  type="tel"
                  inputMode="tel"
                  autoComplete="off"
                  {...form.register(`subagents.${index}.tracking_phone`)}
                />
              </Field>
              <Button
                type="button"
                variant="outline"
                className="sm:mt-6"
                onClick={() => remove(index)}
                aria-label={`Remove sub-agent ${index + 1}`}
              >
                <Trash2 aria-hidden="true" />
                <span className="sm:sr-only">Remove</span>
              </Button>
            </li>
          ))}
        </ol>
      )}
      <div>
        <Button
          type="button"
          variant="outline"
          disabled={fields.length >= 50}
          onClick={() => append({ name: '', tracking_phone: '' })}
        >
          <Plus aria-hidden="true" />
          Add sub-agent
        </Button>
      </div>
      <Field
        label="Notes about your sub-agents"
        description="Anything the office should know, for example who covers which area."
        error={errors.subagents_notes?.message}
      >
        <Textarea {...form.register('subagents_notes')} />
      </Field>
      <div>
        <Button type="submit" pending={save.isPending} disabled={!form.formState.isDirty}>
          Save sub-agents
        </Button>
      </div>
    </form>
  );
}
