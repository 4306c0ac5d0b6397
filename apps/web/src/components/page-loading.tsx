/**
 * In-page loading state (the full-screen overlay covers the first load): grey blocks shaped like
 * a page, pulsing, with the label said to assistive technology and shown small above them.
 */
export function PageLoading({ label = 'Loading...' }: { label?: string }) {
  return (
    <div
      role="status"
      data-slot="page-loading"
      // Outside a layout (the guard, the first load of a deep link) it brings its own margins.
      className="grid w-full min-w-0 gap-6 not-in-[main]:mx-auto not-in-[main]:max-w-6xl not-in-[main]:px-4 not-in-[main]:py-8"
    >
      <p className="text-sm text-muted-foreground">{label}</p>
      <div aria-hidden="true" className="grid animate-pulse gap-6 motion-reduce:animate-none">
        <div className="grid gap-3">
          <div className="h-8 w-full max-w-64 rounded-md bg-foreground/10" />
          <div className="h-4 w-full max-w-96 rounded bg-foreground/10" />
        </div>
        <div className="grid grid-cols-3 gap-3 sm:gap-4">
          {[0, 1, 2].map((card) => (
            <div key={card} className="grid gap-3 rounded-lg border border-border bg-background p-3 sm:p-4">
              <div className="h-4 w-full max-w-24 rounded bg-foreground/10" />
              <div className="h-7 w-2/3 max-w-16 rounded bg-foreground/10" />
            </div>
          ))}
        </div>
        <div className="grid gap-3 rounded-lg border border-border bg-background p-4">
          {['w-3/4', 'w-full', 'w-5/6', 'w-2/3'].map((width) => (
            <div key={width} className={`h-4 ${width} rounded bg-foreground/10`} />
          ))}
        </div>
      </div>
    </div>
  );
}
