import { describe, expect, it } from 'vitest';
import { formatPhone, parsePhone } from './phone';

describe('formatPhone', () => {
  it('writes a US number the way people read it', () => {
    expect(formatPhone('+16025550155')).toBe('(602) 555-0155');
    expect(formatPhone(' 602-555-0155 ')).toBe('(602) 555-0155');
  });

  it('writes a number outside North America in international format', () => {
    expect(formatPhone('+442079460958')).toBe('+44 20 7946 0958');
  });

  it('leaves what is not a phone number as given, and nothing as nothing', () => {
    expect(formatPhone('call the office')).toBe('call the office');
    expect(formatPhone('')).toBe('');
    expect(formatPhone(null)).toBe('');
    expect(formatPhone(undefined)).toBe('');
  });
});

describe('parsePhone', () => {
  it('reads a number as US unless it has a country code, and answers nothing for what is not one', () => {
    expect(parsePhone('602 555 0155')?.number).toBe('+16025550155');
    expect(parsePhone('+442079460958')?.number).toBe('+442079460958');
    expect(parsePhone('call the office')).toBeUndefined();
  });

  it('answers each number right again after more numbers than it keeps have come between', () => {
    const first = Array.from({ length: 5 }, (_, i) => `+1602555${String(100 + i).padStart(4, '0')}`);
    const expected = first.map((number) => formatPhone(number));
    expect(expected).toEqual([
      '(602) 555-0100',
      '(602) 555-0101',
      '(602) 555-0102',
      '(602) 555-0103',
      '(602) 555-0104',
    ]);
    // More distinct numbers than the memory holds: the first ones are forgotten, then read again.
    for (let i = 0; i < 2500; i++) formatPhone(`+1480555${String(i).padStart(4, '0')}`);
    for (let i = 0; i < 2500; i++) parsePhone(`+1480555${String(i).padStart(4, '0')}`);
    expect(first.map((number) => formatPhone(number))).toEqual(expected);
    expect(first.map((number) => parsePhone(number)?.number)).toEqual(first);
    expect(formatPhone('+14805552499')).toBe('(480) 555-2499');
  });
});

describe('parsePhone, once read as typed', () => {
  it('answers the stored E.164 form as if it had been read on its own', () => {
    const typed = parsePhone('(416) 555-0199');
    const stored = parsePhone('+14165550199');
    expect(stored).toBe(typed);
    expect(stored?.country).toBe('CA');
    expect(formatPhone('+14165550199')).toBe('(416) 555-0199');
    // An invalid number is kept only as typed: its country would differ read from +1 alone.
    expect(parsePhone('555-0100')?.country).toBe('US');
    expect(parsePhone('+15550100')?.country).toBeUndefined();
  });
});
