// One audit entry's details: the reason, and each changed field's value before and after.
import type { AuditEntry } from '@portal/shared';

const show = (value: unknown) => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
};

const asRecord = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** Nested objects as dotted keys ("google.lsa"), so a change inside one reads as that field. */
function flatten(record: Record<string, unknown>, prefix = ''): Record<string, unknown> {
  const flat: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    const nested = asRecord(value);
    if (nested && Object.keys(nested).length > 0) Object.assign(flat, flatten(nested, `${prefix}${key}.`));
    else flat[`${prefix}${key}`] = value;
  }
  return flat;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export function AuditDetails({ details }: { details: AuditEntry['details'] }) {
  const before = flatten(asRecord(details.before) ?? {});
  const after = flatten(asRecord(details.after) ?? {});
  // Only what changed: an edit's before/after may carry fields it left as they were.
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (field) => !same(before[field], after[field]),
  );
  const rest = Object.entries(details).filter(([key]) => !['before', 'after', 'reason'].includes(key));
  return (
    // Any value may be one long word (an id, a URL): it wraps anywhere rather than widen the table.
    <div className="grid gap-1 text-sm">
      {typeof details.reason === 'string' && details.reason ? (
        <p className="[overflow-wrap:anywhere]">
          <span className="text-muted-foreground">Reason:</span> {details.reason}
        </p>
      ) : null}
      {fields.length > 0 ? (
        <ul className="grid gap-0.5">
          {fields.map((field) => (
            <li key={field} className="[overflow-wrap:anywhere]">
              <code className="text-xs">{field}</code>:{' '}
              <del className="text-muted-foreground">{show(before[field])}</del> →{' '}
              <ins className="no-underline">{show(after[field])}</ins>
            </li>
          ))}
        </ul>
      ) : null}
      {rest.map(([key, value]) => (
        <p key={key} className="[overflow-wrap:anywhere]">
          <span className="text-muted-foreground">{key}:</span> {show(value)}
        </p>
      ))}
    </div>
  );
}
