import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatCountdown, OfferCountdown, spokenAt } from './offer-countdown';

const START = new Date('2026-11-26T15:00:00.000Z');
const at = (ms: number) => new Date(START.getTime() + ms).toISOString();

describe('the offer countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(START);
  });
  afterEach(() => vi.useRealTimers());

  it('writes the time left as mm:ss, hours when there are some, never below 00:00', () => {
    expect(formatCountdown(5 * 60_000)).toBe('05:00');
    expect(formatCountdown(4 * 60_000 + 59_001)).toBe('05:00');
    expect(formatCountdown(61_000)).toBe('01:01');
    expect(formatCountdown(999)).toBe('00:01');
    expect(formatCountdown(-5)).toBe('00:00');
    expect(formatCountdown(3_723_000)).toBe('1:02:03');
  });

  it('counts down each second and says "Lapsed" at the deadline', async () => {
    render(<OfferCountdown offeredAt={at(0)} expiresAt={at(3_000)} />);
    expect(screen.getByRole('timer')).toHaveTextContent('00:03');
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByRole('timer')).toHaveTextContent('00:02');
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByText('Lapsed')).toBeInTheDocument();
    expect(screen.getByText('The offer lapsed.')).toHaveAttribute('aria-live', 'polite');
  });

  it('speaks at 5 minutes, 1 minute, 10 seconds and the lapse, not every second', async () => {
    render(<OfferCountdown offeredAt={at(0)} expiresAt={at(15 * 60_000)} />);
    const live = document.querySelector('[aria-live="polite"]')!;
    const heard = new Set<string>();
    const listen = () => heard.add(live.textContent ?? '');
    listen();
    for (let second = 0; second < 15 * 60; second += 1) {
      await act(() => vi.advanceTimersByTimeAsync(1_000));
      listen();
    }
    expect([...heard]).toEqual([
      '',
      '5 minutes left to accept this offer.',
      '1 minute left to accept this offer.',
      '10 seconds left to accept this offer.',
      'The offer lapsed.',
    ]);
  });

  it('does not announce a moment that had passed when the offer was opened', () => {
    // Opened with 3 minutes left of a 15-minute window: the 5-minute mark is not news.
    expect(spokenAt(3 * 60_000, 3 * 60_000)).toBe('');
    expect(spokenAt(59_000, 3 * 60_000)).toBe('1 minute left to accept this offer.');
  });
});
