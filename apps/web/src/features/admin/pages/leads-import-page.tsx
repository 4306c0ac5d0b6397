import type { AdminImportPreview } from '@portal/shared';
import { LEAD_TYPES, LeadIntakeSchema } from '@portal/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormError } from '@/components/form-error';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { type ImportReport as Report, useImportLeads, usePreviewImport } from '../api/leads';
import { AdminSection } from '../components/admin-section';
import { CsvDropZone } from '../components/csv-drop-zone';
import { ImportPreview } from '../components/import-preview';
import { ImportReport } from '../components/import-report';
import { AdminPageHeader } from '../components/page-header';

/** The intake fields a header row may name, as the server reads them. */
const COLUMN_NOTES: Record<string, string> = {
  lead_type: `Required. One of: ${LEAD_TYPES.join(', ')}.`,
  zip: 'Required. A 5-digit US ZIP code (ZIP+4 is cut to 5 digits); it decides which agent gets the lead.',
  first_name: 'Optional.',
  last_name: 'Optional.',
  phone: 'A phone number or an e-mail address is required.',
  email: 'A phone number or an e-mail address is required.',
  street: 'Optional.',
  city: 'Optional.',
  state: 'Optional. A two-letter state code (AZ).',
  county: 'Optional.',
  source: 'Optional; "csv-import" when empty.',
  external_id:
    'Optional. The lead’s id in your source: a row with a source and external_id already imported is skipped as a duplicate.',
  notes: 'Optional.',
};

const COLUMNS = Object.keys(LeadIntakeSchema.shape);
const EXAMPLE =
  'lead_type,first_name,last_name,phone,email,street,city,state,zip,external_id\nfsbo,Dana,Seller,6025550142,,12 Palm Lane,Phoenix,AZ,85004,row-1';

/**
 * /admin/leads/import: leads from a spreadsheet, each checked and routed like the intake API.
 * The file is previewed first (nothing written: each row's errors, or the agent it would go to);
 * only "Import and route" writes the leads.
 */
export function AdminLeadsImportPage() {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ data: AdminImportPreview; file: File } | null>(null);
  const [result, setResult] = useState<{ report: Report; fileName: string } | null>(null);
  const previewImport = usePreviewImport({ onFieldError: setProblem });
  const importLeads = useImportLeads({ onFieldError: setProblem });
  const importable = preview ? preview.data.routed + preview.data.unassigned : 0;

  const look = () => {
    if (!file) {
      setProblem('Choose a CSV file first.');
      return;
    }
    setProblem(null);
    setResult(null);
    previewImport.mutate(file, { onSuccess: (data) => setPreview({ data, file }) });
  };

  const commit = () => {
    if (!preview) return;
    setProblem(null);
    importLeads.mutate(preview.file, {
      onSuccess: (report) => {
        setResult({ report, fileName: preview.file.name });
        setPreview(null);
        setFile(null);
      },
    });
  };

  return (
    <div className="grid gap-6">
      <p className="text-sm">
        <Link to={paths.adminLeads.href()}>← All leads</Link>
      </p>
      <AdminPageHeader
        title="Import leads"
        description="Leads from a spreadsheet saved as CSV. Preview the file first: each row is checked and routed exactly like a lead from an intake client, and nothing is written until you import it."
      />
      <AdminSection title="Choose the file">
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            look();
          }}
        >
          <CsvDropZone
            file={file}
            error={problem}
            onFile={(next, why) => {
              setFile(next);
              setProblem(why);
              // Another file: the preview shown was of the one before.
              setPreview(null);
            }}
          />
          <FormError message={problem} />
          <div>
            <Button type="submit" disabled={previewImport.isPending || importLeads.isPending}>
              {previewImport.isPending ? 'Reading the file…' : 'Preview import'}
            </Button>
          </div>
        </form>
      </AdminSection>
      {preview ? (
        <>
          <ImportPreview preview={preview.data} fileName={preview.file.name} />
          <div className="flex flex-wrap items-center gap-3">
            <Button onClick={commit} disabled={importable === 0 || importLeads.isPending}>
              {importLeads.isPending
                ? 'Importing…'
                : `Import and route ${importable} lead${importable === 1 ? '' : 's'}`}
            </Button>
            <Button variant="outline" onClick={() => setPreview(null)} disabled={importLeads.isPending}>
              Cancel
            </Button>
            <p className="text-sm text-muted-foreground">
              {importable === 0
                ? 'No row of this file can be imported.'
                : 'The agents and their recipients are told at once. This cannot be undone.'}
            </p>
          </div>
        </>
      ) : null}
      {result ? <ImportReport report={result.report} fileName={result.fileName} /> : null}
      <AdminSection
        title="What the file needs"
        description="A header row naming the columns (in any order, upper or lower case), then one lead per row. At most 5,000 rows."
      >
        <dl className="grid gap-2 text-sm sm:grid-cols-[10rem_1fr]">
          {COLUMNS.map((column) => (
            <div key={column} className="contents">
              <dt>
                <code>{column}</code>
              </dt>
              <dd className="text-muted-foreground">{COLUMN_NOTES[column] ?? 'Optional.'}</dd>
            </div>
          ))}
        </dl>
        <div className="grid gap-1">
          <p id="import-example" className="text-sm font-medium">
            Example
          </p>
          {/* Wider than a phone: it scrolls, so the keyboard must be able to reach it (axe). */}
          <section
            aria-labelledby="import-example"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region needs focus to scroll by keyboard
            tabIndex={0}
            className="overflow-x-auto rounded-md bg-muted p-3 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <pre className="text-xs">{EXAMPLE}</pre>
          </section>
        </div>
      </AdminSection>
    </div>
  );
}
