/**
 * A stored E.164 number as people write it: US and Canadian numbers as (602) 555-0142, others
 * as stored. Display only; what is sent is always normalised by the shared PhoneSchema.
 */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(value.trim());
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : value;
}
