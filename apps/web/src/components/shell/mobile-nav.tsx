import { KeyRound, LogOut, Menu, X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import type { NavItem } from '@/lib/navigation';
import type { ShellAccount } from './account';
import { NavList } from './nav-list';

/** The width from which the sidebar is shown (Tailwind's `md`): the drawer has no use there. */
const SIDEBAR_QUERY = '(min-width: 48rem)';

/**
 * On a phone the sidebar is a drawer from the left, opened by "Menu": a modal dialog, so focus
 * stays inside it, Escape closes it and focus returns to the button. It closes on navigation.
 */
export function MobileNav({ items, account }: { items: NavItem[]; account: ShellAccount }) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const close = () => setOpen(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the drawer whenever the page changes
  useEffect(() => setOpen(false), [pathname]);

  // A window widened past the phone layout shows the sidebar: a drawer left open would keep the
  // page locked behind it.
  useEffect(() => {
    if (!open) return;
    const wide = window.matchMedia(SIDEBAR_QUERY);
    const onChange = () => {
      if (wide.matches) setOpen(false);
    };
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, [open]);

  const { name, email, recipientOf, logout } = account;

  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Trigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden">
          <Menu aria-hidden="true" />
          <span className="sr-only">Menu</span>
        </Button>
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay
          data-slot="drawer-overlay"
          className="fixed inset-0 z-50 bg-black/40 transition-opacity duration-200 starting:opacity-0 motion-reduce:transition-none md:hidden"
        />
        <DialogPrimitive.Content
          data-slot="drawer"
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-background shadow-lg outline-none transition-transform duration-200 ease-out starting:-translate-x-full motion-reduce:transition-none md:hidden"
        >
          <div className="flex h-14 items-center justify-between gap-3 border-b border-border px-4">
            <DialogPrimitive.Title className="truncate text-lg font-semibold">
              {env.appName}
            </DialogPrimitive.Title>
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" size="icon">
                <X aria-hidden="true" />
                <span className="sr-only">Close</span>
              </Button>
            </DialogPrimitive.Close>
          </div>
          <NavList
            label="Main menu"
            items={items}
            onNavigate={close}
            className="flex-1 overflow-y-auto p-3"
          />
          <div className="grid gap-3 border-t border-border p-4 text-sm">
            <p className="min-w-0">
              <span className="block truncate font-medium">{name}</span>
              {recipientOf ? (
                <span className="block truncate text-muted-foreground">Leads of {recipientOf}</span>
              ) : email && email !== name ? (
                <span className="block truncate text-muted-foreground">{email}</span>
              ) : null}
            </p>
            {recipientOf ? null : (
              <Link
                to={paths.accountPassword.href()}
                onClick={close}
                className="inline-flex min-h-10 items-center gap-3 rounded-md px-3 py-2 font-medium text-foreground no-underline hover:bg-muted"
              >
                <KeyRound aria-hidden="true" className="size-4 text-muted-foreground" />
                Change password
              </Link>
            )}
            <Button variant="outline" onClick={logout}>
              <LogOut aria-hidden="true" />
              {recipientOf ? 'Sign out' : 'Log out'}
            </Button>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
