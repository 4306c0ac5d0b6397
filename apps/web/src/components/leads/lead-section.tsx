import type * as React from 'react';

/** The small uppercase heading of each part of the lead panel. */
export const sectionTitle = 'text-sm font-semibold tracking-wide text-muted-foreground uppercase';

export function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="grid gap-2">
      <h3 className={sectionTitle}>{title}</h3>
      {children}
    </section>
  );
}
