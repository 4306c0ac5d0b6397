import type { AgentRecord } from '@portal/shared';
import { BrokerageForm } from '@/components/agent-profile/brokerage-form';
import { useSaveStep } from './use-save-step';
import { WizardActions } from './wizard-frame';

/** The signup step: saving moves the agent on to the master agreement. */
export function BrokerageInfoForm({ agent }: { agent: AgentRecord }) {
  const save = useSaveStep('brokerageInfo', agent);
  return (
    <BrokerageForm
      agent={agent}
      onSave={(values) => save(values)}
      actions={(pending) => <WizardActions page="brokerageInfo" agent={agent} pending={pending} />}
    />
  );
}
