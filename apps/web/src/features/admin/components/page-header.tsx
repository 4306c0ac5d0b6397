// The heading of a console page: title (h1), a line saying what the page is for, and actions.
import type * as React from 'react';
import { useDocumentTitle } from '@/lib/use-document-title';

export function AdminPageHeader({
  title,
  description,
  actions,
  documentTitle,
}: {
  title: React.ReactNode;
  description?: React.ReactNode;
  actions?: React.ReactNode;
  /** The browser tab's title when `title` is not plain text. */
  documentTitle?: string;
}) {
  useDocumentTitle(documentTitle ?? (typeof title === 'string' ? title : undefined));
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {description ? <p className="max-w-3xl text-muted-foreground">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
