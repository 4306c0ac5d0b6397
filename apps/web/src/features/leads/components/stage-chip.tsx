import { type LeadStage, STAGE_LABELS } from '@portal/shared';
import { cn } from '@/lib/utils';

/**
 * Each stage's palette colour (STAGE_COLOURS of packages/shared: `--color-<name>`), spelled out so
 * that Tailwind finds the class names. The text sits on the page's white, where every palette
 * colour keeps at least 4.5:1; a tinted fill would not.
 */
const STAGE_CLASSES: Record<LeadStage, string> = {
  new: 'text-seller',
  pursuing: 'text-pursuing',
  scheduled: 'text-scheduled',
  valuation: 'text-valuation',
  listed: 'text-listed',
  contract: 'text-contract',
  closed: 'text-active',
  lost: 'text-buyer',
  on_hold: 'text-buyer',
};

export const stageLabel = (stage: string) => STAGE_LABELS[stage as LeadStage] ?? stage;

/** A stage this build does not know yet (a newer server) is grey rather than borrowing a hue. */
const stageClass = (stage: string) =>
  Object.hasOwn(STAGE_CLASSES, stage) ? STAGE_CLASSES[stage as LeadStage] : 'text-muted-foreground';

/** The lead's stage: its label in its palette colour, with a dot so it reads at a glance. */
export function StageChip({
  stage,
  className,
  ...props
}: { stage: LeadStage } & React.ComponentProps<'span'>) {
  return (
    <span
      data-slot="stage-chip"
      data-stage={stage}
      className={cn(
        'inline-flex shrink-0 items-center gap-1.5 rounded-full border border-current/40 bg-background px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        stageClass(stage),
        className,
      )}
      {...props}
    >
      <span aria-hidden="true" className="size-2 rounded-full bg-current" />
      {stageLabel(stage)}
    </span>
  );
}
