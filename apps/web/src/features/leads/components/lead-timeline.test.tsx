import type { LeadEvent } from '@portal/shared';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { describeEvent, LeadTimeline } from './lead-timeline';

const event = (
  kind: string,
  details: Record<string, unknown>,
  extra: Partial<LeadEvent> = {},
): LeadEvent => ({
  id: `${kind}-${JSON.stringify(details)}`,
  kind,
  actor_type: 'user',
  actor_name: 'Alex Agent',
  details,
  created_at: '2026-11-20T12:00:00.000Z',
  ...extra,
});
const title = (kind: string, details: Record<string, unknown>) => describeEvent(event(kind, details)).title;

describe('the lead’s timeline in words', () => {
  it('names stage moves, next actions, lost reasons and holds as the server records them', () => {
    expect(title('stage_change', { from: 'pursuing', to: 'valuation' })).toBe(
      'Stage: Pursuing → Price opinion given',
    );
    expect(
      describeEvent(
        event('stage_change', { from: 'new', to: 'lost', lost_reason: 'other', lost_reason_text: 'Moving' }),
      ).lines,
    ).toEqual(['Reason: Other (Moving)']);
    const fellThrough = describeEvent(
      event('stage_change', {
        from: 'contract',
        to: 'pursuing',
        did_not_close_reason: 'Financing fell through',
      }),
    );
    expect(fellThrough.title).toBe('Stage: Under contract → Pursuing');
    expect(fellThrough.lines).toEqual(['Did not close: Financing fell through']);
    expect(
      title('next_action', {
        from: { next_action: '', next_action_at: null },
        to: { next_action: 'Send the price opinion', next_action_at: '2026-11-21T16:00:00.000Z' },
      }),
    ).toBe('Next action: Send the price opinion');
    expect(
      title('next_action', {
        from: { next_action: 'Call', next_action_at: '2026-11-21T16:00:00.000Z' },
        to: { next_action: '', next_action_at: null },
      }),
    ).toBe('Next action cleared');
    expect(
      title('lost_reason_change', {
        from: { lost_reason: 'unreachable', lost_reason_text: '' },
        to: { lost_reason: 'chose_another_agent', lost_reason_text: '' },
      }),
    ).toBe('Lost reason: Chose another agent');
    expect(title('hold_change', { from: '2027-01-04', to: '2027-03-04' })).toBe('On hold until Mar 4, 2027');
    expect(title('hold_ended', { from: 'on_hold', to: 'pursuing' })).toBe(
      'Back from hold: the lead is being pursued again',
    );
    expect(title('reopened', { from: 'lost', to: 'pursuing' })).toBe('Reopened: Pursuing');
    expect(title('reopened', { from: 'archived', to: 'active' })).toBe('Reopened');
  });

  it('leaves a closing’s figures out for a team member', () => {
    const closed = event('closed', {
      closing_date: '2026-11-03',
      sale_price: 350000,
      gross_commission: 10500,
    });
    expect(describeEvent(closed).lines).toEqual(['Sale price $350,000', 'Gross commission $10,500']);
    expect(describeEvent(closed, { money: false }).lines).toEqual([]);
  });

  it('shows an e-mail written from the portal once, as the message sent', () => {
    render(
      <LeadTimeline
        events={[
          event('email_sent', { to: 'pat@example.com', subject: 'Your house' }),
          event(
            'activity',
            { kind: 'email', outcome: null, body: 'Your house', author_role: 'agent' },
            { created_at: '2026-11-20T12:00:00.200Z' },
          ),
          event(
            'activity',
            { kind: 'email', outcome: null, body: 'Sent the comparables', author_role: 'agent' },
            { created_at: '2026-11-20T13:00:00.000Z' },
          ),
        ]}
      />,
    );
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Sent the comparables')).toBeInTheDocument();
    expect(within(items[1]!).getByText('E-mail sent to pat@example.com: Your house')).toBeInTheDocument();
  });
});
