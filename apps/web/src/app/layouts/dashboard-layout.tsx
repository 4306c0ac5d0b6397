import { Outlet } from 'react-router';
import type { ShellAccount } from '@/components/shell/account';
import { AccountMenu } from '@/components/shell/account-menu';
import { AccountStatusNotice } from '@/components/shell/account-status-notice';
import { DashboardFrame } from '@/components/shell/dashboard-frame';
import { MobileNav } from '@/components/shell/mobile-nav';
import { NavList } from '@/components/shell/nav-list';
import { PageTransition } from '@/components/shell/page-transition';
import { PauseNotice } from '@/components/shell/pause-notice';
import { SkipLink } from '@/components/skip-link';
import { TooltipProvider } from '@/components/ui/tooltip';
import { useAuth, useLogout } from '@/lib/auth';
import { navigationFor } from '@/lib/navigation';

/**
 * Signed-in pages: a sidebar with the navigation and the account from `md` up, a bar with a
 * "Menu" drawer on a phone, and the page beside or below it.
 */
export function DashboardLayout() {
  const auth = useAuth();
  const logout = useLogout();
  const items = navigationFor(auth);
  const recipient = auth.status === 'recipient' ? auth.recipient : null;
  const account: ShellAccount = {
    name: recipient
      ? `${recipient.first_name} ${recipient.last_name}`.trim()
      : auth.me?.name || auth.me?.email || 'Your account',
    email: recipient ? null : auth.me?.email,
    recipientOf: recipient?.agent_name ?? null,
    logout: () => void logout(),
  };

  return (
    // Tooltips are for signed-in pages only: their provider stays off the public pages' first load.
    <TooltipProvider>
      <DashboardFrame
        before={<SkipLink />}
        bar={<MobileNav items={items} account={account} />}
        sidebar={
          <>
            <NavList label="Main" items={items} className="hidden flex-1 overflow-y-auto px-3 py-3 md:grid" />
            <div className="hidden border-t border-border p-3 md:block">
              <AccountMenu account={account} />
            </div>
          </>
        }
        main={{ id: 'main-content', tabIndex: -1 }}
      >
        <AccountStatusNotice me={recipient ? null : auth.me} />
        <PauseNotice me={recipient ? null : auth.me} />
        <PageTransition>
          <Outlet />
        </PageTransition>
      </DashboardFrame>
    </TooltipProvider>
  );
}
