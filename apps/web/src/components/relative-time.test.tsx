import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatRelativeTime, RelativeTime } from './relative-time';

const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);
const at = (ms: number) => new Date(NOW + ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('formatRelativeTime', () => {
  it('says how long ago or how soon, rounded down', () => {
    expect(formatRelativeTime(at(-30_000), NOW)).toBe('just now');
    expect(formatRelativeTime(at(-5 * MIN), NOW)).toBe('5 min ago');
    expect(formatRelativeTime(at(5 * MIN + 59_000), NOW)).toBe('in 5 min');
    expect(formatRelativeTime(at(-HOUR), NOW)).toBe('1 hour ago');
    expect(formatRelativeTime(at(-3 * HOUR - 59 * MIN), NOW)).toBe('3 hours ago');
    expect(formatRelativeTime(at(2 * DAY), NOW)).toBe('in 2 days');
    expect(formatRelativeTime(at(-DAY), NOW)).toBe('1 day ago');
    expect(formatRelativeTime(at(-15 * DAY), NOW)).toBe('2 weeks ago');
    expect(formatRelativeTime(at(90 * DAY), NOW)).toBe('in 3 months');
    expect(formatRelativeTime(at(-800 * DAY), NOW)).toBe('2 years ago');
    expect(formatRelativeTime('not a date', NOW)).toBe('not a date');
  });
});

describe('<RelativeTime>', () => {
  it('shows the relative time, the exact time on hover, and keeps itself current', () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    const value = at(-5 * MIN);
    render(<RelativeTime value={value} />);
    const time = screen.getByText('5 min ago');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('dateTime', value);
    expect(time.getAttribute('title')).toMatch(/, 2026, \d{1,2}:55 [AP]M/);

    act(() => {
      vi.advanceTimersByTime(2 * MIN);
    });
    expect(time).toHaveTextContent('7 min ago');
  });
});
