import type { LeadsView } from '@portal/shared';
import { Columns3, LayoutList, Rows3 } from 'lucide-react';
import { cn } from '@/lib/utils';

const VIEWS: { value: LeadsView; label: string; icon: typeof Rows3 }[] = [
  { value: 'table', label: 'Table', icon: Rows3 },
  { value: 'cards', label: 'Cards', icon: LayoutList },
  { value: 'board', label: 'Board', icon: Columns3 },
];

/** Table, cards or board: pressed buttons in a group, the choice kept with the user. */
export function LeadsViewSwitch({
  value,
  onChange,
  views = ['table', 'cards', 'board'],
}: {
  value: LeadsView;
  onChange: (view: LeadsView) => void;
  views?: readonly LeadsView[];
}) {
  return (
    <fieldset className="inline-flex w-fit rounded-lg bg-muted p-1">
      <legend className="sr-only">Show leads as</legend>
      {VIEWS.filter((view) => views.includes(view.value)).map(({ value: view, label, icon: Icon }) => (
        <button
          key={view}
          type="button"
          aria-pressed={value === view}
          onClick={() => onChange(view)}
          className={cn(
            'inline-flex h-9 items-center gap-1.5 rounded-md px-3 text-sm font-medium text-foreground outline-none hover:bg-background/70 focus-visible:ring-[3px] focus-visible:ring-ring/50',
            value === view && 'bg-background text-primary-text shadow-sm',
          )}
        >
          <Icon className="size-4" aria-hidden="true" />
          {label}
        </button>
      ))}
    </fieldset>
  );
}
