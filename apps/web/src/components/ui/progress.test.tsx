import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { normaliseProgress, Progress } from './progress';

describe('Progress (SPEC.md section 5: null or between 0 and max; max above 0, else 100)', () => {
  it('reports its value and maximum to assistive technology', () => {
    render(<Progress value={30} max={60} aria-label="Upload of a.png" />);
    const bar = screen.getByRole('progressbar', { name: 'Upload of a.png' });
    expect(bar).toHaveAttribute('aria-valuenow', '30');
    expect(bar).toHaveAttribute('aria-valuemax', '60');
    expect(bar).toHaveAttribute('aria-valuetext', '50%');
  });

  it('is indeterminate for null, undefined or a value that is not a number', () => {
    for (const value of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY]) {
      const { unmount } = render(<Progress value={value} aria-label="Checking" />);
      const bar = screen.getByRole('progressbar', { name: 'Checking' });
      expect(bar).not.toHaveAttribute('aria-valuenow');
      expect(bar).toHaveAttribute('data-state', 'indeterminate');
      unmount();
    }
  });

  it('uses 100 as maximum when max is 0, negative or not a number, without a console error', () => {
    for (const max of [0, -5, Number.NaN]) {
      const { unmount } = render(<Progress value={40} max={max} aria-label="Progress" />);
      const bar = screen.getByRole('progressbar', { name: 'Progress' });
      expect(bar).toHaveAttribute('aria-valuemax', '100');
      expect(bar).toHaveAttribute('aria-valuenow', '40');
      unmount();
    }
  });

  it('keeps a value outside 0..max inside it, without a console error', () => {
    const { rerender } = render(<Progress value={150} aria-label="Progress" />);
    expect(screen.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('data-state', 'complete');
    rerender(<Progress value={-3} max={10} aria-label="Progress" />);
    expect(screen.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '0');
  });

  it('normalises as the rule says', () => {
    expect(normaliseProgress(5, 10)).toEqual({ value: 5, max: 10 });
    expect(normaliseProgress(null, 10)).toEqual({ value: null, max: 10 });
    expect(normaliseProgress(5, 0)).toEqual({ value: 5, max: 100 });
    expect(normaliseProgress(5, undefined)).toEqual({ value: 5, max: 100 });
    expect(normaliseProgress(500, 200)).toEqual({ value: 200, max: 200 });
  });
});
