import { LEAD_STAGES, type LeadStage, type PipelineStageCounts, STAGE_LABELS } from '@portal/shared';
import { formatCount } from '@/components/leads/lead-format';
import { cn } from '@/lib/utils';

/**
 * Each stage's palette colour (STAGE_COLOURS of packages/shared, `--color-<name>`), spelled out
 * so that Tailwind finds the class names: the bar's fill and the chip's text. Lost and on hold
 * share a colour; on hold is the lighter fill.
 */
const STAGE_CLASSES: Record<LeadStage, { fill: string; text: string }> = {
  new: { fill: 'bg-seller', text: 'text-seller' },
  pursuing: { fill: 'bg-pursuing', text: 'text-pursuing' },
  scheduled: { fill: 'bg-scheduled', text: 'text-scheduled' },
  valuation: { fill: 'bg-valuation', text: 'text-valuation' },
  listed: { fill: 'bg-listed', text: 'text-listed' },
  contract: { fill: 'bg-contract', text: 'text-contract' },
  closed: { fill: 'bg-active', text: 'text-active' },
  lost: { fill: 'bg-buyer', text: 'text-buyer' },
  on_hold: { fill: 'bg-buyer/45', text: 'text-buyer' },
};

/**
 * An agent's leads by stage: a bar whose parts are the stages' shares, in stage order, and a chip
 * per stage that has leads ("3 New"), which is what a screen reader reads.
 */
export function PipelineStages({ stages, label }: { stages: PipelineStageCounts; label: string }) {
  const total = LEAD_STAGES.reduce((sum, stage) => sum + stages[stage], 0);
  if (total === 0) return <span className="text-muted-foreground">No leads</span>;
  const held = LEAD_STAGES.filter((stage) => stages[stage] > 0);
  return (
    <div className="grid min-w-[14rem] gap-1.5">
      <div aria-hidden="true" className="flex h-2 overflow-hidden rounded-full bg-muted">
        {held.map((stage) => (
          <span
            key={stage}
            className={cn('h-full', STAGE_CLASSES[stage].fill)}
            style={{ width: `${(stages[stage] / total) * 100}%` }}
          />
        ))}
      </div>
      <ul aria-label={label} className="flex flex-wrap gap-x-2.5 gap-y-0.5 text-xs">
        {held.map((stage) => (
          <li
            key={stage}
            className={cn('inline-flex items-center gap-1 font-medium', STAGE_CLASSES[stage].text)}
          >
            <span aria-hidden="true" className={cn('size-2 rounded-full', STAGE_CLASSES[stage].fill)} />
            <span className="tabular-nums">{formatCount(stages[stage])}</span> {STAGE_LABELS[stage]}
          </li>
        ))}
      </ul>
    </div>
  );
}
