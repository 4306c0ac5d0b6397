import type { ReactNode } from 'react';
import { Brand } from './brand';

/**
 * The frame of the signed-in pages: a sidebar from `md` up and a bar on a phone, each with the
 * portal's name, and the page beside or below. The layout (app/layouts/dashboard-layout.tsx) fills
 * it with the navigation and the account; /leads' HTML frame (src/landing-shell.tsx) with
 * placeholders, so that the page the app then draws sits where the frame's did.
 */
export function DashboardFrame({
  before,
  bar,
  sidebar,
  main,
  children,
}: {
  /** Ahead of everything (the skip link). */
  before?: ReactNode;
  /** Beside the name in the phone bar. */
  bar?: ReactNode;
  /** Below the name in the sidebar. */
  sidebar?: ReactNode;
  /** The `<main>` element's own attributes. */
  main?: { id?: string; tabIndex?: number };
  children: ReactNode;
}) {
  return (
    <div className="min-h-screen bg-muted/40 md:flex">
      {before}
      <header className="border-b border-border bg-background md:sticky md:top-0 md:flex md:h-screen md:w-60 md:shrink-0 md:flex-col md:border-r md:border-b-0">
        <div className="flex min-h-14 items-center justify-between gap-3 px-4 py-2 md:min-h-16">
          <Brand />
          {bar}
        </div>
        {sidebar}
      </header>
      <main {...main} className="min-w-0 flex-1 outline-none">
        <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 md:py-8 lg:px-8">{children}</div>
      </main>
    </div>
  );
}
