import type * as React from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatCount } from './lead-format';
import type { LeadsTab } from './leads-list';

export const LEAD_TABS: { value: LeadsTab; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'archived', label: 'Archived' },
  { value: 'closed', label: 'Closed' },
  { value: 'all', label: 'All' },
];

/** The status tabs of a leads list, each with its count once known, over the tab's content. */
export function LeadStatusTabs({
  value,
  onChange,
  countOf,
  label,
  children,
}: {
  value: LeadsTab;
  onChange: (tab: LeadsTab) => void;
  /** null while the counts are not known. */
  countOf: (tab: LeadsTab) => number | null;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <Tabs value={value} onValueChange={(next) => onChange(next as LeadsTab)} activationMode="manual">
      <TabsList aria-label={label} className="grid w-full grid-cols-4 sm:inline-flex sm:w-fit">
        {LEAD_TABS.map((tab) => {
          const count = countOf(tab.value);
          return (
            <TabsTrigger
              key={tab.value}
              value={tab.value}
              className="h-auto min-h-9 flex-col gap-0 px-1 py-1 sm:flex-row sm:gap-1.5 sm:px-3"
            >
              {tab.label}{' '}
              {count === null ? null : (
                <span className="rounded-full bg-muted px-1.5 text-xs tabular-nums text-muted-foreground">
                  {formatCount(count)}
                </span>
              )}
            </TabsTrigger>
          );
        })}
      </TabsList>
      <TabsContent value={value} className="grid gap-3">
        {children}
      </TabsContent>
    </Tabs>
  );
}
