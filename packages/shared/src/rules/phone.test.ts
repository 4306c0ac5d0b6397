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

  it('reads a number once, then answers the same until more numbers than it keeps have come', () => {
    const number = '+16025550107';
    const first = parsePhone(number);
    expect(parsePhone(number)).toBe(first);
    expect(formatPhone(number)).toBe('(602) 555-0107');
    for (let i = 0; i < 2500; i++) parsePhone(`+1480555${String(i).padStart(4, '0')}`);
    for (let i = 0; i < 2500; i++) formatPhone(`+1480555${String(i).padStart(4, '0')}`);
    // Forgotten, then read again: a new answer, still right.
    const again = parsePhone(number);
    expect(again).not.toBe(first);
    expect(again?.number).toBe(number);
    expect(formatPhone(number)).toBe('(602) 555-0107');
  });

  it('hands out an answer nobody can change', () => {
    const number = parsePhone('+16025550108');
    expect(Object.isFrozen(number)).toBe(true);
    expect(() => number?.setExt('9')).toThrow();
    expect(formatPhone('+16025550108')).toBe('(602) 555-0108');
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

  it('never gives the stored form an extension typed with the number', () => {
    expect(parsePhone('602-555-0166 x12')?.ext).toBe('12');
    expect(parsePhone('+16025550166')?.ext).toBeUndefined();
    expect(formatPhone('+16025550166')).toBe('(602) 555-0166');
  });
});
