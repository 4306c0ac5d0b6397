import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { paths } from '@/config/paths';

/**
 * Sections whose own layout (a heading and a section menu) stays while their parts change: they
 * keep one key, so switching tabs neither replays the fade nor drops the focus on the tab.
 */
const SECTIONS_WITH_MENU = [paths.profile.href(), paths.routing.href(), paths.admin.href()];

/** The page a pathname shows, for the fade: the search (?tab=, ?q=) is state within a page. */
export function transitionKey(pathname: string): string {
  return (
    SECTIONS_WITH_MENU.find((section) => pathname === section || pathname.startsWith(`${section}/`)) ??
    pathname
  );
}

/**
 * A short fade (and a 4px rise) when the page changes (SPEC.md section 2). The wrapper is keyed
 * by the page, so a new page starts from its `@starting-style`; none under reduced motion.
 */
export function PageTransition({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <div
      key={transitionKey(pathname)}
      data-slot="page-transition"
      className="transition-[opacity,translate] duration-200 ease-out starting:translate-y-1 starting:opacity-0 motion-reduce:transition-none"
    >
      {children}
    </div>
  );
}
