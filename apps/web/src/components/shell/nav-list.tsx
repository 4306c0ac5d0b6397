import { NavLink } from 'react-router';
import type { NavItem } from '@/lib/navigation';
import { cn } from '@/lib/utils';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex min-h-10 items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-foreground no-underline',
    'hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
    isActive && 'bg-primary-soft text-primary-text hover:bg-primary-soft',
  );

/**
 * The main navigation as a vertical list with an icon per item. NavLink marks the page being
 * shown with aria-current="page"; the colour says the same to the eye.
 */
export function NavList({
  items,
  label,
  onNavigate,
  className,
}: {
  items: NavItem[];
  /** The landmark's name: "Main" in the sidebar, "Main menu" in the phone drawer. */
  label: string;
  onNavigate?: () => void;
  className?: string;
}) {
  return (
    // Plain links, no list: the page's own lists stay the only list items on it (tests count them).
    <nav aria-label={label} className={cn('grid content-start gap-1', className)}>
      {items.map(({ to, label: text, icon: Icon }) => (
        <NavLink key={to} to={to} className={linkClass} onClick={onNavigate}>
          {({ isActive }) => (
            <>
              <Icon
                aria-hidden="true"
                data-slot="nav-icon"
                className={cn('size-4 shrink-0', isActive ? 'text-primary-text' : 'text-muted-foreground')}
              />
              {text}
            </>
          )}
        </NavLink>
      ))}
    </nav>
  );
}
