import { cn } from '@/lib/utils';

/**
 * The portal's loading indicator: small triangles in blue shades that rotate and scale in turn
 * (SPEC.md section 2). Decorative: the surrounding text says what is loading.
 */
export function LoadingTriangles({ className, size = 48 }: { className?: string; size?: number }) {
  const shades = ['fill-secondary-300', 'fill-secondary-500', 'fill-secondary-700'];
  return (
    <svg
      data-slot="loading-triangles"
      viewBox="0 0 60 20"
      width={size * 3}
      height={size}
      aria-hidden="true"
      focusable="false"
      className={cn('overflow-visible', className)}
    >
      {shades.map((shade, index) => (
        <path
          key={shade}
          d="M10 2 18 17H2Z"
          transform={`translate(${index * 20} 0)`}
          className={cn(shade, 'animate-triangle motion-reduce:animate-none')}
          style={{ animationDelay: `${index * 160}ms`, transformBox: 'fill-box', transformOrigin: 'center' }}
        />
      ))}
    </svg>
  );
}
