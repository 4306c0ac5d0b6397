import { SkipLink } from '@/components/skip-link';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { env } from '@/config/env';
import { useLogout } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/use-document-title';
import { RatingForm } from '../components/rating-form';

/** /rating has no dashboard layout (SPEC.md section 2): only the question, and a way out. */
export function RatingPage() {
  useDocumentTitle('Rate your leads');
  const logout = useLogout();
  return (
    <div className="flex min-h-screen flex-col bg-muted/40">
      <SkipLink />
      <header className="border-b border-border bg-background">
        <div className="mx-auto flex max-w-3xl items-center justify-between px-4 py-3">
          <span className="text-lg font-semibold">{env.appName}</span>
          <Button variant="outline" size="sm" onClick={() => void logout()}>
            Log out
          </Button>
        </div>
      </header>
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto w-full max-w-3xl flex-1 px-4 py-10 outline-none"
      >
        <Card>
          <CardHeader>
            <CardTitle as="h1" className="text-2xl">
              Rate your leads
            </CardTitle>
            <CardDescription>
              Once a month we ask how useful your leads were. Your answer helps us improve the advertising in
              your area.
            </CardDescription>
          </CardHeader>
          <RatingForm />
        </Card>
      </main>
    </div>
  );
}
