// The billing files that need the bearer token: an invoice's PDF and the ledger as CSV, fetched
// by the API client and saved; a failure says so in a toast.
import type { Invoice } from '@portal/shared';
import { Download, FileText } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { downloadInvoicePdf } from '../api/invoices';
import { downloadLedgerCsv } from '../api/ledger';
import { todayInput } from './billing-form';

function useDownload(failure: string) {
  const [busy, setBusy] = useState(false);
  const run = async (download: () => Promise<void>) => {
    setBusy(true);
    try {
      await download();
    } catch (error) {
      toast.error(errorMessage(error, failure));
    } finally {
      setBusy(false);
    }
  };
  return [busy, run] as const;
}

export function InvoicePdfButton({ invoice }: { invoice: Invoice }) {
  const [busy, run] = useDownload('The PDF could not be downloaded. Try again in a moment.');
  return (
    <Button variant="outline" size="sm" pending={busy} onClick={() => run(() => downloadInvoicePdf(invoice))}>
      {busy ? null : <FileText aria-hidden="true" />}
      PDF <span className="sr-only">of {invoice.number}</span>
    </Button>
  );
}

/** Every ledger entry (or one agent's, with `agentId`) as CSV, for the accountant. */
export function LedgerExportButton({
  agentId,
  fileStem = 'ledger',
}: {
  agentId?: string;
  fileStem?: string;
}) {
  const [busy, run] = useDownload('The ledger could not be exported. Try again in a moment.');
  return (
    <Button
      variant="outline"
      pending={busy}
      onClick={() => run(() => downloadLedgerCsv(`${fileStem}-${todayInput()}.csv`, agentId))}
    >
      {busy ? null : <Download aria-hidden="true" />}
      Export ledger (CSV)
    </Button>
  );
}
