import { type PhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * Parsing a number is the costly part (about 20 µs), and a lead's number is read many times in a
 * row: checked on intake, then written into its e-mail, its text, its call script and its CRM
 * copy. The last numbers parsed are kept, as their answers never change.
 */
const KEPT = 1000;

/** A Map that forgets its oldest entry once it holds `limit`. */
function remember<V>(limit: number) {
  const kept = new Map<string, V>();
  const keep = (key: string, value: V) => {
    if (kept.size >= limit) kept.delete(kept.keys().next().value as string);
    kept.set(key, value);
  };
  const recall = (key: string, make: (key: string) => V): V => {
    if (kept.has(key)) return kept.get(key) as V;
    const value = make(key);
    keep(key, value);
    return value;
  };
  return { recall, keep, has: (key: string) => kept.has(key) };
}

const parsed = remember<PhoneNumber | undefined>(KEPT);
const formatted = remember<string>(KEPT);

/**
 * A number as typed, read as a US number unless it has a country code; undefined when it is not
 * a number at all. The answer is shared, so it is frozen. A valid number with nothing beside it
 * (no extension, no carrier code) is also kept under its E.164 form, which is how it is stored
 * and read back: read from that form it answers the same, the country included. An invalid one
 * can answer another country, and an extension is not part of the E.164 form.
 */
export const parsePhone = (text: string): PhoneNumber | undefined =>
  parsed.recall(text, (key) => {
    const number = parsePhoneNumberFromString(key, 'US');
    if (!number) return undefined;
    Object.freeze(number);
    const plain = !number.ext && !number.carrierCode;
    if (plain && number.isValid() && number.number !== key && !parsed.has(number.number)) {
      parsed.keep(number.number, number);
    }
    return number;
  });

/**
 * A stored phone number (E.164, +16025550155) as people write it: North American numbers in
 * national format, (602) 555-0155; others in international format, +44 20 7946 0958. What is
 * not a phone number at all is shown as given.
 */
export function formatPhone(value: string | null | undefined): string {
  const trimmed = value?.trim() ?? '';
  if (!trimmed) return '';
  return formatted.recall(trimmed, (key) => {
    const number = parsePhone(key);
    if (!number?.isPossible()) return key;
    return number.countryCallingCode === '1' ? number.formatNational() : number.formatInternational();
  });
}
