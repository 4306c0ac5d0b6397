import { describe, expect, it } from 'vitest';
import { formatPhone } from './phone';

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
