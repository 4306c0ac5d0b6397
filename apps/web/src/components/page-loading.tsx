import { LoadingTriangles } from './ui/loading-triangles';

/** In-page loading state (the full-screen overlay covers the first load). */
export function PageLoading({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] flex-col items-center justify-center gap-4 py-16">
      <LoadingTriangles size={32} />
      <p className="text-muted-foreground">{label}</p>
    </div>
  );
}
