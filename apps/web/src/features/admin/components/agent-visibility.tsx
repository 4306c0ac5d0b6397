// Which parts of the portal the agent sees: each flag follows the office default (null), or is
// shown or hidden for this agent. A corporate office's preference overrides all of them.
import { type AgentRecord, canSeePortal, type PortalFlag } from '@portal/shared';
import { ChoiceField } from '@/components/ui/choice-field';
import { useUpdateAgent } from '../api/agents';

const FLAGS: { flag: PortalFlag; label: string }[] = [
  { flag: 'can_see_portal_onboarding', label: 'Onboarding pages' },
  { flag: 'can_see_portal_zips', label: 'ZIP codes page' },
  { flag: 'can_see_portal_recipients', label: 'Lead routing page' },
];

type Choice = 'default' | 'shown' | 'hidden';
const toChoice = (value: boolean | null): Choice => (value === null ? 'default' : value ? 'shown' : 'hidden');
const fromChoice = (choice: Choice): boolean | null => (choice === 'default' ? null : choice === 'shown');

export function AgentVisibility({ agent }: { agent: AgentRecord }) {
  const update = useUpdateAgent(agent.id, { success: 'Portal visibility saved' });
  const preferences = agent.corporate_affiliation?.preferences ?? null;
  return (
    <div className="grid gap-5">
      {FLAGS.map(({ flag, label }) => {
        const fromOffice = preferences?.[flag];
        const byDefault = canSeePortal(flag, {
          userRole: 'agent',
          affiliationPreferences: null,
          agent: null,
        });
        return (
          <ChoiceField<Choice>
            key={flag}
            legend={label}
            layout="row"
            value={toChoice(agent[flag])}
            onValueChange={(choice) => {
              if (!update.isPending) update.mutate({ [flag]: fromChoice(choice) });
            }}
            description={
              typeof fromOffice === 'boolean'
                ? `The agent's corporate office ${fromOffice ? 'shows' : 'hides'} this page, whatever is chosen here.`
                : undefined
            }
            choices={[
              { value: 'default', label: 'Default', description: byDefault ? 'Shown' : 'Hidden' },
              { value: 'shown', label: 'Shown' },
              { value: 'hidden', label: 'Hidden' },
            ]}
          />
        );
      })}
    </div>
  );
}
