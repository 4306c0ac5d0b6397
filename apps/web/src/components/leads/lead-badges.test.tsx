import { LEAD_STATUSES, LEAD_TYPES } from '@portal/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LeadStatusBadge, LeadTypeBadge } from './lead-badges';

describe('lead badges', () => {
  it('names each lead type in a badge of its own colour', () => {
    render(
      <div>
        {LEAD_TYPES.map((type) => (
          <LeadTypeBadge key={type} type={type} />
        ))}
      </div>,
    );
    const looks = new Set(
      [
        'FSBO',
        'Expired listing',
        'Divorce',
        'Recent buyers',
        'Absentee owner',
        'High sell score',
        'Old expired',
        'Inherited',
      ].map((label) => screen.getByText(label).className),
    );
    expect(looks.size).toBe(LEAD_TYPES.length);
  });

  it('draws a status unlike any lead type: a plain tag with a dot, not a tinted pill', () => {
    render(
      <>
        <LeadTypeBadge type="fsbo" />
        {LEAD_STATUSES.map((status) => (
          <LeadStatusBadge key={status} status={status} />
        ))}
      </>,
    );
    expect(screen.getByText('FSBO')).toHaveClass('rounded-full');
    for (const label of ['Active', 'Archived', 'Closed']) {
      const badge = screen.getByText(label);
      expect(badge).toHaveClass('rounded-md', 'bg-background');
      expect(badge).not.toHaveClass('rounded-full');
      expect(badge.querySelector('[aria-hidden="true"]')).not.toBeNull();
      // The dot is decoration: the status reads as its word alone.
      expect(badge).toHaveTextContent(new RegExp(`^${label}$`));
    }
  });
});
