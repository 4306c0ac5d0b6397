import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/**
 * The agent record's money fields (SPEC.md section 3), computed from the ledger and the closed
 * leads (ADR 66) in the caller's transaction, after every change to either: closings and gross
 * commission from the closed leads, fees paid from payments less refunds on invoices, the deposit
 * and the refund from the account's entries, each with what the `opening` entry carried over.
 */
export async function refreshAgentMoney(tx: Executor, agentId: string): Promise<void> {
  await tx.execute(sql`
    with closed as (
      select count(*)::int as closings, coalesce(round(sum(gross_commission) * 100), 0)::bigint as cents
      from leads where agent_id = ${agentId} and stage = 'closed'
    ),
    ledger as (
      select
        coalesce(sum((details->>'closings')::int) filter (where kind = 'opening'), 0) as closings,
        coalesce(sum((details->>'gross_commission_cents')::bigint) filter (where kind = 'opening'), 0) as commission,
        coalesce(sum(amount_cents) filter (where kind in ('opening', 'payment')), 0)
          - coalesce(sum(amount_cents) filter (where kind = 'refund' and invoice_id is not null), 0) as fees_paid,
        coalesce(sum(amount_cents) filter (where kind = 'deposit'), 0) as deposit,
        coalesce(sum(amount_cents) filter (where kind = 'refund' and invoice_id is null), 0) as refund,
        coalesce(bool_or(coalesce((details->>'refunded')::boolean, true))
          filter (where kind = 'refund' and invoice_id is null), false) as refunded,
        (array_agg(notes order by created_at desc, id desc)
          filter (where kind = 'refund' and invoice_id is null))[1] as refund_notes
      from ledger_entries where agent_id = ${agentId}
    )
    update agents set
      total_closings = ledger.closings + closed.closings,
      total_gross_commission_earned = (ledger.commission + closed.cents) / 100.0,
      total_fees_paid = ledger.fees_paid / 100.0,
      deposit_amount_paid = ledger.deposit / 100.0,
      refund = jsonb_build_object(
        'refunded', ledger.refunded,
        'amount', round(ledger.refund / 100.0, 2),
        'notes', coalesce(ledger.refund_notes, '')
      ),
      updated_at = now()
    from closed, ledger
    where agents.id = ${agentId}`);
}
