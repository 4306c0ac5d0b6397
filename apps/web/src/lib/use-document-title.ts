import { useEffect } from 'react';
import { env } from '@/config/env';

/** Sets the browser tab's title for the page being shown. */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} · ${env.appName}` : env.appName;
  }, [title]);
}
