import { useEffect } from 'react';
import { startBuildCheck } from '@/lib/build-check';
import { reloadPage } from '@/lib/reload-page';
import { toast } from '@/lib/toast';

const NOTICE_ID = 'new-version';

/** The persistent notice: it stays until the person reloads or closes it. */
export function showNewVersionNotice() {
  toast.info('A new version of the portal is available.', {
    id: NOTICE_ID,
    description: 'Reload to use it; anything you have not saved on this page will be lost.',
    duration: Number.POSITIVE_INFINITY,
    action: { label: 'Reload', onClick: () => reloadPage() },
  });
}

/**
 * Watches for a deploy while the portal is open (lib/build-check.ts) and then offers a reload.
 * Renders nothing itself: the notice is a toast, in the app's toaster (app/toaster.tsx).
 */
export function NewVersionNotice({ currentId }: { currentId?: string }) {
  useEffect(() => startBuildCheck({ onNewBuild: showNewVersionNotice, currentId }), [currentId]);
  return null;
}
