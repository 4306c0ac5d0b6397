import { describe, expect, it } from 'vitest';
import { ageingBucket, feeCents, formatCents, parseDollars } from '../schemas/billing';

describe('the referral fee', () => {
  it('is commission x rate, rounded half up to the cent, in integers', () => {
    expect(feeCents(1_234_567, 25)).toBe(308_642);
    expect(feeCents(1_000_000, 27.5)).toBe(275_000);
    expect(feeCents(1, 50)).toBe(1);
    expect(feeCents(3, 33.33)).toBe(1);
    expect(feeCents(999_999_999_999, 35)).toBe(350_000_000_000);
    expect(feeCents(1_234_567, 0)).toBe(0);
  });
});

describe('dollars', () => {
  it('read as people type them, and written back', () => {
    expect(parseDollars('1,234.56')).toBe(123_456);
    expect(parseDollars('$3086.4')).toBe(308_640);
    expect(parseDollars(' 12 ')).toBe(1_200);
    for (const bad of ['', '1.234', 'abc', '-5', '1e3']) expect(parseDollars(bad)).toBeNull();
    expect(formatCents(308_642)).toBe('$3,086.42');
    expect(formatCents(-5)).toBe('-$0.05');
  });

  it('past due fall into the ageing buckets', () => {
    expect([0, 1, 30, 31, 60, 61, 90, 91].map(ageingBucket)).toEqual([
      'current',
      'days_1_30',
      'days_1_30',
      'days_31_60',
      'days_31_60',
      'days_61_90',
      'days_61_90',
      'over_90',
    ]);
  });
});
