import type { AgentRecord } from '@portal/shared';
import { EoForm } from '@/components/agent-profile/eo-form';
import { useSaveStep } from './use-save-step';
import { WizardActions } from './wizard-frame';

/** The signup step: saving moves the agent on to the onboarding call. */
export function EoInsuranceForm({ agent }: { agent: AgentRecord }) {
  const save = useSaveStep('eoInsurance', agent);
  return (
    <EoForm
      agent={agent}
      onSave={(answer) => save(answer)}
      actions={(pending) => <WizardActions page="eoInsurance" agent={agent} pending={pending} />}
    />
  );
}
