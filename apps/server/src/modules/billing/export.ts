import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '@portal/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { CSV_BOM, csvRow } from '../../lib/csv-write';

/** Entries read per query: the file streams however long the ledger grows. */
const BATCH = 1000;

interface LedgerCsvRow {
  id: string;
  cursor: string;
  occurred_on: string;
  created_at: string;
  kind: string;
  amount_cents: string;
  invoice_number: string | null;
  agent_name: string;
  agent_email: string;
  method: PaymentMethod | null;
  reference: string;
  notes: string;
  recorded_by: string;
}

/**
 * Cents as the accountant's spreadsheet reads them, a number cell: 308642 is written 3086.42
 * (JavaScript writes the shortest decimal that reads back as the same number, so k/100 is exact).
 */
const dollars = (cents: number) => cents / 100;

/** What each kind does to the balance owed on an invoice (account entries: nothing). */
const SIGN: Record<string, number> = { fee: 1, refund: 1, payment: -1, credit: -1, void: -1 };

/**
 * GET /admin/ledger.csv: every entry, oldest first (one agent's with `agentId`), with its amount
 * and its effect on the balance, in dollars written from cents.
 */
export function ledgerCsv(db: Executor, agentId?: string): AsyncIterable<string> {
  const batch = async (after: { cursor: string; id: string } | null) =>
    (
      (await db.execute(sql`
        select e.id, e.created_at::text as cursor, e.occurred_on::text as occurred_on,
          to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at,
          e.kind, e.amount_cents::text as amount_cents, i.number as invoice_number,
          coalesce(nullif(a.agent, ''), trim(a.agent_first_name || ' ' || a.agent_last_name)) as agent_name,
          a.agent_email, e.method, e.reference, e.notes, e.recorded_by
        from ledger_entries e
        join agents a on a.id = e.agent_id
        left join invoices i on i.id = e.invoice_id
        where true
          ${agentId ? sql`and e.agent_id = ${agentId}` : sql``}
          ${after ? sql`and (e.created_at, e.id) > (${after.cursor}::timestamptz, ${after.id}::uuid)` : sql``}
        order by e.created_at, e.id
        limit ${BATCH}`)) as unknown as { rows: LedgerCsvRow[] }
    ).rows;
  const text = (rows: LedgerCsvRow[]) =>
    rows
      .map((row) => {
        const cents = Number(row.amount_cents);
        const effect = row.invoice_number ? (SIGN[row.kind] ?? 0) * cents : 0;
        return csvRow([
          row.occurred_on,
          row.created_at,
          row.agent_name,
          row.agent_email,
          row.kind,
          row.invoice_number,
          dollars(cents),
          dollars(effect),
          row.method ? PAYMENT_METHOD_LABELS[row.method] : null,
          row.reference,
          row.notes,
          row.recorded_by,
          row.id,
        ]);
      })
      .join('');
  return (async function* () {
    yield CSV_BOM +
      csvRow([
        'Date',
        'Recorded at (UTC)',
        'Agent',
        'Agent e-mail',
        'Kind',
        'Invoice',
        'Amount',
        'Effect on balance',
        'Method',
        'Reference',
        'Notes',
        'Recorded by',
        'Entry id',
      ]);
    let rows = await batch(null);
    while (rows.length > 0) {
      yield text(rows);
      if (rows.length < BATCH) return;
      const last = rows[rows.length - 1]!;
      rows = await batch({ cursor: last.cursor, id: last.id });
    }
  })();
}
