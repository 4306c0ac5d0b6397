import { ChevronDown, KeyRound, LogOut, Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { SkipLink } from '@/components/skip-link';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { TooltipProvider } from '@/components/ui/tooltip';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { type AuthState, useAuth, useLogout } from '@/lib/auth';
import { navigationFor } from '@/lib/navigation';
import { cn } from '@/lib/utils';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium text-foreground no-underline hover:bg-muted',
    isActive && 'bg-primary-soft text-primary-text',
  );

/** Signed-in pages: header with navigation and account menu, a mobile menu, the page. */
export function DashboardLayout() {
  const auth = useAuth();
  const logout = useLogout();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const items = navigationFor(auth);
  const recipient = auth.status === 'recipient' ? auth.recipient : null;
  const name = recipient
    ? `${recipient.first_name} ${recipient.last_name}`.trim()
    : auth.me?.name || auth.me?.email || 'Your account';

  const navigate = useNavigate();

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the menu whenever the page changes
  useEffect(() => setMenuOpen(false), [location.pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    // Tooltips are for signed-in pages only: their provider stays off the public pages' first load.
    <TooltipProvider>
      <div className="flex min-h-screen flex-col bg-muted/40">
        <SkipLink />
        <header className="border-b border-border bg-background">
          <div className="mx-auto flex max-w-6xl items-center gap-4 px-4 py-3">
            <Link to={paths.home.href()} className="text-lg font-semibold text-foreground no-underline">
              {env.appName}
            </Link>
            <nav aria-label="Main" className="hidden flex-1 items-center gap-1 md:flex">
              {items.map((item) => (
                <NavLink key={item.to} to={item.to} className={linkClass}>
                  {item.label}
                </NavLink>
              ))}
            </nav>
            <div className="ml-auto hidden md:block">
              {recipient ? (
                <div className="flex items-center gap-3 text-sm">
                  <span>
                    {name}
                    <span className="text-muted-foreground"> · leads of {recipient.agent_name}</span>
                  </span>
                  <Button variant="outline" size="sm" onClick={() => void logout()}>
                    Sign out
                  </Button>
                </div>
              ) : (
                <DropdownMenu>
                  <DropdownMenuTrigger asChild>
                    <Button variant="ghost" aria-label={`Account menu for ${name}`}>
                      {name}
                      <ChevronDown aria-hidden="true" />
                    </Button>
                  </DropdownMenuTrigger>
                  <DropdownMenuContent align="end">
                    <DropdownMenuLabel>
                      <span className="block font-medium">{name}</span>
                      {auth.me?.email && auth.me.email !== name ? (
                        <span className="block text-muted-foreground">{auth.me.email}</span>
                      ) : null}
                    </DropdownMenuLabel>
                    <DropdownMenuSeparator />
                    <DropdownMenuItem onSelect={() => navigate(paths.accountPassword.href())}>
                      <KeyRound aria-hidden="true" />
                      Change password
                    </DropdownMenuItem>
                    <DropdownMenuItem onSelect={() => void logout()}>
                      <LogOut aria-hidden="true" />
                      Log out
                    </DropdownMenuItem>
                  </DropdownMenuContent>
                </DropdownMenu>
              )}
            </div>
            <Button
              ref={menuButton}
              variant="ghost"
              size="icon"
              className="ml-auto md:hidden"
              aria-expanded={menuOpen}
              aria-controls={menuId}
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
              <span className="sr-only">Menu</span>
            </Button>
          </div>
          {menuOpen ? (
            <div id={menuId} className="border-t border-border px-4 pb-4 md:hidden">
              <nav aria-label="Main menu" className="grid gap-1 pt-3">
                {items.map((item) => (
                  <NavLink key={item.to} to={item.to} className={linkClass}>
                    {item.label}
                  </NavLink>
                ))}
              </nav>
              <div className="mt-3 grid gap-2 border-t border-border pt-3 text-sm">
                <p>
                  <span className="block font-medium">{name}</span>
                  {recipient ? (
                    <span className="block text-muted-foreground">Leads of {recipient.agent_name}</span>
                  ) : auth.me?.email && auth.me.email !== name ? (
                    <span className="block text-muted-foreground">{auth.me.email}</span>
                  ) : null}
                </p>
                {recipient ? null : (
                  <Link to={paths.accountPassword.href()} className="py-1">
                    Change password
                  </Link>
                )}
                <Button variant="outline" onClick={() => void logout()}>
                  {recipient ? 'Sign out' : 'Log out'}
                </Button>
              </div>
            </div>
          ) : null}
        </header>
        <main
          id="main-content"
          tabIndex={-1}
          className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 outline-none"
        >
          <Outlet />
        </main>
      </div>
    </TooltipProvider>
  );
}
