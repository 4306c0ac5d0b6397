import { useDocumentTitle } from '@/lib/use-document-title';
import { BillingStatement } from '../components/billing-statement';

/** /billing: the agent's referral fees as a statement (DESIGN.md section 12). */
export function BillingPage() {
  useDocumentTitle('Billing');
  return (
    <div className="grid max-w-5xl gap-6">
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">Billing</h1>
        <p className="text-muted-foreground">
          The referral fee on each lead you close: what you owe, your invoices and the payments received.
        </p>
      </div>
      <BillingStatement />
    </div>
  );
}
