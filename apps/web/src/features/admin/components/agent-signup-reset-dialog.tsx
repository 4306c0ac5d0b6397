// Sends an agent back to an earlier signup step (DESIGN.md section 4), or on to Complete (which
// undoes a reset made by mistake), with a required reason.
import { type AdminAgentDetail, SIGNUP_STATUSES, type SignupStatus, signupStatusIndex } from '@portal/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { NativeSelect } from '@/components/ui/native-select';
import { useUpdateAgent } from '../api/agents';
import { SIGNUP_STATUS_LABELS } from './admin-format';
import { ConfirmDialog } from './confirm-dialog';
import { ReasonField, reasonProblem } from './reason-field';

export function AgentSignupResetDialog({ detail, name }: { detail: AdminAgentDetail; name: string }) {
  const current = detail.agent.signup_status;
  const choices = SIGNUP_STATUSES.filter(
    (step) =>
      signupStatusIndex(step) < signupStatusIndex(current) || (step === 'complete' && current !== step),
  );
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<SignupStatus | ''>('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<{ step?: string; reason?: string }>({});
  const [refused, setRefused] = useState<string | null>(null);
  const update = useUpdateAgent(detail.agent.id, {
    success: step ? `${name} is back at “${SIGNUP_STATUS_LABELS[step]}”` : 'Signup step changed',
    onFieldError: setRefused,
    onSuccess: () => setOpen(false),
  });

  const start = (next: boolean) => {
    if (next) {
      setStep('');
      setReason('');
      setProblems({});
      setRefused(null);
    }
    setOpen(next);
  };

  const submit = () => {
    const found = {
      step: step ? undefined : 'Choose the signup step',
      reason: reasonProblem(reason) ?? undefined,
    };
    setProblems(found);
    setRefused(null);
    if (found.step || found.reason || !step) return;
    update.mutate({ signup_status: step, reason: reason.trim() });
  };

  if (choices.length === 0) return null;

  return (
    <ConfirmDialog
      trigger={<Button variant="outline">Reset signup step</Button>}
      open={open}
      onOpenChange={start}
      title="Reset signup step"
      description={`${name} is at “${SIGNUP_STATUS_LABELS[current]}”. Sent back to an earlier step, they go through the wizard again from there the next time they sign in; “Complete” ends the wizard (it undoes a reset).`}
      confirmLabel="Reset signup step"
      destructive
      pending={update.isPending}
      error={refused}
      onConfirm={submit}
    >
      <Field label="Move the agent to" error={problems.step}>
        <NativeSelect value={step} onChange={(event) => setStep(event.target.value as SignupStatus)}>
          <option value="">Choose a step</option>
          {choices.map((value) => (
            <option key={value} value={value}>
              {SIGNUP_STATUS_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <ReasonField value={reason} onChange={setReason} error={problems.reason} />
    </ConfirmDialog>
  );
}
