import { VERIFY_PDF_MAX_BYTES } from '@portal/shared';
import { useState } from 'react';
import { FormError } from '@/components/form-error';
import { LoadingTriangles } from '@/components/ui/loading-triangles';
import { errorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useVerifyDocument } from '../api/verify-document';
import { PdfDropZone } from '../components/pdf-drop-zone';
import { VerifyResult } from '../components/verify-result';

const isPdf = (file: File) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name);

/**
 * /verify-document, public: anyone drops a PDF and learns whether it is a completed agreement
 * issued by this portal (its SHA-256 matches), the unsigned original, or neither.
 */
export function VerifyDocumentPage() {
  useDocumentTitle('Verify an agreement');
  const verify = useVerifyDocument();
  const [fileName, setFileName] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const check = (file: File) => {
    setFileName(file.name);
    verify.reset();
    if (!isPdf(file)) {
      setProblem(`${file.name} is not a PDF. Choose the agreement's PDF file.`);
      return;
    }
    if (file.size > VERIFY_PDF_MAX_BYTES) {
      setProblem(`${file.name} is larger than 20 MB, more than any agreement issued here.`);
      return;
    }
    setProblem(null);
    verify.mutate(file);
  };

  return (
    <div className="mx-auto grid max-w-2xl min-w-0 gap-6">
      <header className="grid gap-2">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Verify an agreement</h1>
        <p className="text-muted-foreground">
          Check whether a PDF is an agreement issued and signed through this portal. The file is sent to the
          portal, which compares its SHA-256 fingerprint with those of the agreements it issued.
        </p>
      </header>
      <PdfDropZone onFile={check} disabled={verify.isPending} />
      <div aria-live="polite" className="grid gap-3">
        {verify.isPending ? (
          <p className="flex items-center gap-3 text-muted-foreground">
            <LoadingTriangles size={20} />
            Checking {fileName}…
          </p>
        ) : null}
        {verify.data && fileName ? <VerifyResult result={verify.data} fileName={fileName} /> : null}
      </div>
      <FormError
        message={
          problem ?? (verify.error ? errorMessage(verify.error, 'The file could not be checked.') : null)
        }
      />
    </div>
  );
}
