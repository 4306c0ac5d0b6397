/**
 * How many SMS a text takes. A message in the GSM 03.38 alphabet carries 160 characters (153 a
 * part once it is split); one character outside it turns the whole message into UCS-2, 70 (67
 * a part) UTF-16 units. Phones join the parts, but each part is billed and can arrive late.
 */

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** Characters of the extension table: each is sent as an escape plus itself, two septets. */
const GSM_EXTENDED = '^{}\\[~]|€\f';

const BASIC = new Set(GSM_BASIC);
const EXTENDED = new Set(GSM_EXTENDED);

export const SMS_LIMITS = {
  gsm: { single: 160, part: 153 },
  ucs2: { single: 70, part: 67 },
} as const;

export interface SmsSegments {
  encoding: 'GSM-7' | 'UCS-2';
  /** Septets (GSM-7) or UTF-16 code units (UCS-2) the text takes. */
  units: number;
  segments: number;
  /** What one segment holds, were the text to stay in one. */
  limit: number;
}

export const isGsm7 = (text: string) => [...text].every((c) => BASIC.has(c) || EXTENDED.has(c));

export function smsSegments(text: string): SmsSegments {
  if (isGsm7(text)) {
    const units = [...text].reduce((n, c) => n + (EXTENDED.has(c) ? 2 : 1), 0);
    const { single, part } = SMS_LIMITS.gsm;
    return { encoding: 'GSM-7', units, segments: count(units, single, part), limit: single };
  }
  const units = text.length;
  const { single, part } = SMS_LIMITS.ucs2;
  return { encoding: 'UCS-2', units, segments: count(units, single, part), limit: single };
}

const count = (units: number, single: number, part: number) =>
  units === 0 ? 0 : units <= single ? 1 : Math.ceil(units / part);

/** True when the text goes out as one SMS. */
export const fitsOneSms = (text: string) => smsSegments(text).segments <= 1;

/**
 * The text with what GSM-7 cannot carry written in letters it can: accents dropped (Zoë -> Zoe),
 * typographic quotes and dashes made plain. What has no plain form stays as it is.
 */
export function toGsmFriendly(text: string): string {
  return [...text]
    .map((c) => {
      if (BASIC.has(c) || EXTENDED.has(c)) return c;
      const plain = c
        .normalize('NFD')
        .replace(/\p{M}+/gu, '')
        .replace(/[\u2018\u2019\u201b\u2032]/g, "'")
        .replace(/[\u201c\u201d\u201f\u2033]/g, '"')
        .replace(/[\u2010-\u2015\u2212]/g, '-')
        .replace(/\u2026/g, '...')
        .replace(/[\u00a0\u2000-\u200a\u202f]/g, ' ');
      return isGsm7(plain) ? plain : c;
    })
    .join('');
}
