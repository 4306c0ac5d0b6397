// A one-time sign-in link just made for a corporate user: the link to copy, and what the person
// should know (it was e-mailed, it works once, when it expires).
import { Alert, AlertDescription } from '@/components/ui/alert';
import { CopyField } from './copy-field';
import { formatWhen } from './when';

export function SignInLink({ email, link, expiresAt }: { email: string; link: string; expiresAt: string }) {
  return (
    <div className="grid gap-4">
      <Alert variant="success">
        <AlertDescription>
          <p>
            We e-mailed this link to <strong className="break-all">{email}</strong>. It signs them in once and
            expires {formatWhen(expiresAt)}. Earlier links no longer work.
          </p>
        </AlertDescription>
      </Alert>
      <CopyField label="Sign-in link" value={link} />
    </div>
  );
}
