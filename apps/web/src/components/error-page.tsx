import { isCrawlerUserAgent, pageNotFoundMessage } from '@portal/shared';
import type * as React from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { cn } from '@/lib/utils';
import { Button } from './ui/button';

type ErrorPageProps = {
  /** HTTP-style status code; 500 when not given. */
  status?: number;
  /** Replaces the title for statuses other than 404. */
  message?: string;
  description?: React.ReactNode;
  /** Extra actions shown before "Back to home". */
  actions?: React.ReactNode;
  /** 'main' on its own; 'div' when a layout already provides the main landmark. */
  as?: 'main' | 'div';
  className?: string;
};

export function errorTitle(status: number, message?: string) {
  if (status === 404) return 'Page Not Found';
  return message || 'Internal Server Error';
}

/** Whether the page is being read by a crawler (a search engine, a link preview). */
const readByCrawler = () => typeof navigator !== 'undefined' && isCrawlerUserAgent(navigator.userAgent);

/**
 * SPEC.md section 8: status code, title and description, and a way back home; not rendered for
 * crawler agents (the server answers them 404 for an unknown path, apps/server/src/plugins/spa.ts).
 */
export function ErrorPage({
  status = 500,
  message,
  description,
  actions,
  as: Container = 'main',
  className,
}: ErrorPageProps) {
  const title = errorTitle(status, message);
  const crawler = readByCrawler();
  useDocumentTitle(crawler ? undefined : title);
  if (crawler) return null;
  return (
    <Container
      id={Container === 'main' ? 'main-content' : undefined}
      className={cn(
        'mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-6 py-16 text-center',
        className,
      )}
    >
      <p className="text-6xl font-bold text-primary-text" aria-hidden="true">
        {status}
      </p>
      <h1 className="text-2xl font-semibold">
        <span className="sr-only">Error {status}: </span>
        {title}
      </h1>
      {description ? <div className="text-muted-foreground">{description}</div> : null}
      <div className="flex flex-wrap justify-center gap-3">
        {actions}
        <Button asChild variant={actions ? 'outline' : 'default'}>
          <Link to={paths.home.href()}>Back to home</Link>
        </Button>
      </div>
    </Container>
  );
}

/** The page for a path no route matches: "Page Not Found: /that/path". */
export function NotFoundPage({ as }: { as?: 'main' | 'div' }) {
  const location = useLocation();
  return <ErrorPage status={404} as={as} description={<p>{pageNotFoundMessage(location.pathname)}</p>} />;
}
