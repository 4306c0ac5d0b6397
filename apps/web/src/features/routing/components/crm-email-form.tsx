import { zodResolver } from '@hookform/resolvers/zod';
import { type AgentRecord, EmailSchema } from '@portal/shared';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useUpdateCrmEmail } from '../api/update-crm-email';

const CrmEmailFormSchema = z.object({ crm_email: EmailSchema });
type CrmEmailValues = z.input<typeof CrmEmailFormSchema>;

const normalise = (value: string) => value.trim().toLowerCase();

/**
 * The CRM's e-mail address (SPEC.md section 5): saved only when it is a valid address,
 * different from the one on file, and not already being saved.
 */
export function CrmEmailForm({ agent }: { agent: AgentRecord }) {
  const save = useUpdateCrmEmail();
  const form = useForm<CrmEmailValues, unknown, z.output<typeof CrmEmailFormSchema>>({
    resolver: zodResolver(CrmEmailFormSchema),
    mode: 'onTouched',
    defaultValues: { crm_email: agent.crm_email },
  });
  const value = form.watch('crm_email');
  const parsed = EmailSchema.safeParse(value);
  const changed = parsed.success && parsed.data !== normalise(agent.crm_email);
  const canSave = changed && !save.isPending;

  const onSubmit = form.handleSubmit(({ crm_email }) => {
    if (!canSave) return;
    save.mutate(crm_email, { onSuccess: (record) => form.reset({ crm_email: record.crm_email }) });
  });

  return (
    <form noValidate aria-label="CRM e-mail" onSubmit={onSubmit} className="grid max-w-xl gap-4">
      <Field
        label="CRM e-mail address"
        description="Each new lead is also e-mailed here, so it lands in your CRM with the rest of your pipeline."
        error={form.formState.errors.crm_email?.message}
      >
        <Input
          type="email"
          inputMode="email"
          autoComplete="off"
          placeholder="leads@your-crm.example"
          {...form.register('crm_email')}
        />
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={!canSave} pending={save.isPending}>
          Save
        </Button>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {agent.crm_email
            ? changed
              ? `Replaces ${agent.crm_email}.`
              : `Leads are forwarded to ${agent.crm_email}.`
            : 'No CRM address yet: leads reach only you and your recipients.'}
        </p>
      </div>
    </form>
  );
}
