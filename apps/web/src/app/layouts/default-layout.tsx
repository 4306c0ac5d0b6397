import { Link, Outlet, useLocation } from 'react-router';
import { SkipLink } from '@/components/skip-link';
import { Button } from '@/components/ui/button';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { useAuth, useLogout } from '@/lib/auth';

/** Public pages: sign-in, sign-up, recovery, the home and legal pages, the signup wizard. */
export function DefaultLayout() {
  const auth = useAuth();
  const logout = useLogout();
  const signedIn = auth.status === 'user' || auth.status === 'recipient';
  // A broker signing or anyone checking a PDF is not here to join: no account actions for them.
  const { pathname } = useLocation();
  const visitorPage = pathname.startsWith('/sign/') || pathname === '/verify-document';

  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <header className="border-b border-border bg-background">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <Link to={paths.home.href()} className="text-lg font-semibold text-foreground no-underline">
            {env.appName}
          </Link>
          <nav aria-label="Account" className="flex items-center gap-2">
            {signedIn ? (
              <Button variant="outline" size="sm" onClick={() => void logout()}>
                Log out
              </Button>
            ) : visitorPage ? null : (
              <>
                <Button asChild variant="ghost" size="sm">
                  <Link to={paths.login.href()}>Sign in</Link>
                </Button>
                <Button asChild size="sm">
                  <Link to={paths.signup.href()}>Join with an access code</Link>
                </Button>
              </>
            )}
          </nav>
        </div>
      </header>
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto w-full max-w-5xl flex-1 px-4 py-10 outline-none"
      >
        <Outlet />
      </main>
      <footer className="border-t border-border bg-muted">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-6 text-sm text-muted-foreground">
          {/* The prerendered pages carry the year of their build (ADR 49): after New Year the
              browser's year differs, which must not make React discard the page and what was typed. */}
          <p suppressHydrationWarning>
            © {new Date().getFullYear()} {env.appName}
          </p>
          <Link to={paths.terms.href()}>Terms of service</Link>
        </div>
      </footer>
    </div>
  );
}
