import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * A stored phone number (E.164, +16025550155) as people write it: North American numbers in
 * national format, (602) 555-0155; others in international format, +44 20 7946 0958. What is
 * not a phone number at all is shown as given.
 */
export function formatPhone(value: string | null | undefined): string {
  const trimmed = value?.trim() ?? '';
  if (!trimmed) return '';
  const parsed = parsePhoneNumberFromString(trimmed, 'US');
  if (!parsed?.isPossible()) return trimmed;
  return parsed.countryCallingCode === '1' ? parsed.formatNational() : parsed.formatInternational();
}
