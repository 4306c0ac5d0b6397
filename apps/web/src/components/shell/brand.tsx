import { House } from 'lucide-react';
import { Link } from 'react-router';
import { env } from '@/config/env';
import { paths } from '@/config/paths';

/** The portal's name with a small mark, linking home: the top of the sidebar and the phone bar. */
export function Brand() {
  return (
    <Link
      to={paths.home.href()}
      className="inline-flex min-w-0 items-center gap-2.5 rounded-md text-base leading-tight font-semibold text-foreground no-underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
    >
      <span
        aria-hidden="true"
        className="inline-flex size-8 shrink-0 items-center justify-center rounded-md bg-primary text-primary-foreground"
      >
        <House className="size-4" />
      </span>
      {/* A long name wraps rather than being cut: it is configurable (VITE_APP_NAME). */}
      <span className="min-w-0">{env.appName}</span>
    </Link>
  );
}
