import { describe, expect, it } from 'vitest';
import { formatPhone } from './format-phone';

describe('formatPhone', () => {
  it('writes North American numbers the usual way and leaves others alone', () => {
    expect(formatPhone('+16025550142')).toBe('(602) 555-0142');
    expect(formatPhone('+442071838750')).toBe('+442071838750');
    expect(formatPhone('')).toBe('');
  });
});
