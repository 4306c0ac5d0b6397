/** The heading of an agent's /leads, also drawn in /leads' HTML frame (src/landing-shell.tsx). */
export function LeadsPageHeader() {
  return (
    <div className="grid gap-1">
      <h1 className="text-2xl font-semibold tracking-tight">Leads</h1>
      <p className="max-w-3xl text-muted-foreground">
        Call in this order: overdue first, then new leads, then what is due today. The sooner you call, the
        better your chance of the listing.
      </p>
    </div>
  );
}
