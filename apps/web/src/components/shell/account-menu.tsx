import { ChevronsUpDown, KeyRound, LogOut } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { paths } from '@/config/paths';
import { initials, type ShellAccount } from './account';

function Avatar({ name }: { name: string }) {
  return (
    <span
      aria-hidden="true"
      className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-secondary-soft text-xs font-semibold text-secondary-hover"
    >
      {initials(name)}
    </span>
  );
}

/**
 * The account section at the foot of the sidebar: a menu with "Change password" and "Log out",
 * or, for a recipient session, who they are, whose leads they see and "Sign out".
 */
export function AccountMenu({ account }: { account: ShellAccount }) {
  const navigate = useNavigate();
  const { name, email, recipientOf, logout } = account;

  if (recipientOf) {
    return (
      <div className="grid gap-3 text-sm">
        <div className="flex min-w-0 items-center gap-3">
          <Avatar name={name} />
          <p className="min-w-0">
            <span className="block truncate font-medium">{name}</span>
            <span className="block truncate text-muted-foreground">leads of {recipientOf}</span>
          </p>
        </div>
        <Button variant="outline" size="sm" onClick={logout}>
          Sign out
        </Button>
      </div>
    );
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          aria-label={`Account menu for ${name}`}
          className="h-auto w-full justify-start gap-3 px-2 py-2 text-left"
        >
          <Avatar name={name} />
          {/* The name only: the e-mail shows when the menu opens. */}
          <span className="min-w-0 flex-1 truncate">{name}</span>
          <ChevronsUpDown aria-hidden="true" className="text-muted-foreground" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent side="top" align="start" className="w-(--radix-dropdown-menu-trigger-width)">
        <DropdownMenuLabel>
          <span className="block truncate font-medium">{name}</span>
          {email && email !== name ? (
            <span className="block truncate text-muted-foreground">{email}</span>
          ) : null}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate(paths.accountPassword.href())}>
          <KeyRound aria-hidden="true" />
          Change password
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={logout}>
          <LogOut aria-hidden="true" />
          Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
