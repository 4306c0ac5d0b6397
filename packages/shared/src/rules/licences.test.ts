import { describe, expect, it } from 'vitest';
import { licenceExpiryWarning, localIsoDate } from './licences';

const TODAY = '2026-11-21';

describe('licenceExpiryWarning', () => {
  it('says nothing without an expiry date or when it is more than 90 days away', () => {
    expect(licenceExpiryWarning(null, TODAY)).toBeNull();
    expect(licenceExpiryWarning(undefined, TODAY)).toBeNull();
    expect(licenceExpiryWarning('', TODAY)).toBeNull();
    expect(licenceExpiryWarning('2027-02-20', TODAY)).toBeNull(); // 91 days
    expect(licenceExpiryWarning('2030-01-01', TODAY)).toBeNull();
  });

  it('warns within 90 days (61 to 90 days left)', () => {
    expect(licenceExpiryWarning('2027-02-19', TODAY)).toEqual({ band: 'within_90', days: 90 });
    expect(licenceExpiryWarning('2027-01-21', TODAY)).toEqual({ band: 'within_90', days: 61 });
  });

  it('warns within 60 days (31 to 60 days left)', () => {
    expect(licenceExpiryWarning('2027-01-20', TODAY)).toEqual({ band: 'within_60', days: 60 });
    expect(licenceExpiryWarning('2026-12-22', TODAY)).toEqual({ band: 'within_60', days: 31 });
  });

  it('warns within 30 days, the expiry day itself included (it is still valid that day)', () => {
    expect(licenceExpiryWarning('2026-12-21', TODAY)).toEqual({ band: 'within_30', days: 30 });
    expect(licenceExpiryWarning('2026-11-22', TODAY)).toEqual({ band: 'within_30', days: 1 });
    expect(licenceExpiryWarning(TODAY, TODAY)).toEqual({ band: 'within_30', days: 0 });
  });

  it('says expired from the day after the expiry date', () => {
    expect(licenceExpiryWarning('2026-11-20', TODAY)).toEqual({ band: 'expired', days: -1 });
    expect(licenceExpiryWarning('2024-11-21', TODAY)).toEqual({ band: 'expired', days: -730 });
  });

  it('counts calendar days across a leap day and a change of daylight saving time', () => {
    expect(licenceExpiryWarning('2028-03-01', '2028-02-28')).toEqual({ band: 'within_30', days: 2 });
    expect(licenceExpiryWarning('2027-03-15', '2027-03-13')).toEqual({ band: 'within_30', days: 2 });
  });

  it('ignores dates that do not exist or are not dates', () => {
    expect(licenceExpiryWarning('2026-02-30', TODAY)).toBeNull();
    expect(licenceExpiryWarning('next year', TODAY)).toBeNull();
    expect(licenceExpiryWarning('2026-11-20', 'today')).toBeNull();
  });
});

describe('localIsoDate', () => {
  it('is the calendar day of the local clock', () => {
    expect(localIsoDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(localIsoDate(new Date(2026, 10, 21, 0, 0))).toBe('2026-11-21');
  });
});
