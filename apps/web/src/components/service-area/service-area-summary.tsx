import type { SummaryRow } from './draft';

const n = (value: number) => value.toLocaleString('en-US');

/**
 * The area in words: ZIP codes covered per county and in all. It is also what the map shows, for
 * people who cannot see the map.
 */
export function ServiceAreaSummary({
  rows,
  total,
  unplaced,
  excludedCount,
  stateNames,
}: {
  rows: SummaryRow[];
  total: number;
  /** Covered ZIP codes whose state is still loading. */
  unplaced: number;
  excludedCount: number;
  stateNames: ReadonlyMap<string, string>;
}) {
  const states = new Set(rows.map((row) => row.state));
  return (
    <div className="grid gap-3">
      <p aria-live="polite" className="text-sm">
        <strong className="text-base">{n(total)}</strong> ZIP {total === 1 ? 'code' : 'codes'} covered in{' '}
        {n(rows.length)} {rows.length === 1 ? 'county' : 'counties'}
        {states.size > 0 ? ` of ${n(states.size)} ${states.size === 1 ? 'state' : 'states'}` : ''}
        {excludedCount > 0
          ? `; ${n(excludedCount)} ticked ZIP ${excludedCount === 1 ? 'code is' : 'codes are'} left out`
          : ''}
        .
      </p>
      {unplaced > 0 ? (
        <p className="text-sm text-muted-foreground">
          Loading where {n(unplaced)} of your ZIP {unplaced === 1 ? 'code is' : 'codes are'}…
        </p>
      ) : null}
      {rows.length > 0 ? (
        // A scrolling region is focusable, so a keyboard can scroll it.
        <section
          aria-label="ZIP codes per county"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
          tabIndex={0}
          className="max-h-96 overflow-auto rounded-md border border-border"
        >
          <table className="w-full text-sm">
            <caption className="sr-only">ZIP codes covered per county</caption>
            <thead className="sticky top-0 bg-muted text-left">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  County
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  State
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  ZIP codes
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.countyFips} className="border-t border-border">
                  <th scope="row" className="px-3 py-1.5 text-left font-normal">
                    {row.countyName}
                  </th>
                  <td className="px-3 py-1.5">{stateNames.get(row.state) ?? row.state}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">{n(row.count)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t-2 border-border font-semibold">
                <th scope="row" colSpan={2} className="px-3 py-2 text-left">
                  Total
                </th>
                <td className="px-3 py-2 text-right tabular-nums">{n(total - unplaced)}</td>
              </tr>
            </tfoot>
          </table>
        </section>
      ) : (
        <p className="text-sm text-muted-foreground">
          No ZIP code is covered yet: choose a state, then tick the counties you serve.
        </p>
      )}
    </div>
  );
}
