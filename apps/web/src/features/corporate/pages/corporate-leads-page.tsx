import { useAuth } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/use-document-title';
import { CorporateDashboard } from '../components/corporate-dashboard';

/** /leads for a corporate user: the office dashboard. */
export function CorporateLeadsPage() {
  const auth = useAuth();
  useDocumentTitle('Office dashboard');
  return (
    <div className="grid gap-8">
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">{auth.me?.name || 'Office'} dashboard</h1>
        <p className="max-w-3xl text-muted-foreground">
          Your agents, their groups and the leads the network sends them. You watch; your agents work the
          leads.
        </p>
      </div>
      <CorporateDashboard />
    </div>
  );
}
