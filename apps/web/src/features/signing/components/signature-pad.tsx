import { Eraser } from 'lucide-react';
import { type PointerEvent, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';

/** The drawing's own size; the canvas is shown at the page's width with the same proportions. */
const WIDTH = 900;
const HEIGHT = 300;
const INK = '#1e3a8a';

interface Point {
  x: number;
  y: number;
}

/**
 * A signature drawn with a finger, a pen or the mouse (pointer events), handed out as a PNG data
 * URL after each stroke. Keyboard users sign by typing instead; the hint says so.
 */
export function SignaturePad({
  onChange,
  describedBy,
}: {
  onChange: (image: string | null) => void;
  /** The error line, if any. */
  describedBy?: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const stroke = useRef<{ pointerId: number; last: Point } | null>(null);
  const [hasInk, setHasInk] = useState(false);
  const hintId = useId();

  const context = () => {
    const ctx = canvas.current?.getContext('2d') ?? null;
    if (ctx) {
      ctx.lineWidth = 5;
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      ctx.strokeStyle = INK;
      ctx.fillStyle = INK;
    }
    return ctx;
  };

  /** Where the pointer is, in the drawing's own coordinates. */
  const pointOf = (event: PointerEvent<HTMLCanvasElement>): Point => {
    const box = event.currentTarget.getBoundingClientRect();
    return {
      x: ((event.clientX - box.left) * WIDTH) / (box.width || WIDTH),
      y: ((event.clientY - box.top) * HEIGHT) / (box.height || HEIGHT),
    };
  };

  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    const ctx = context();
    if (!ctx) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const point = pointOf(event);
    // A tap leaves a dot, as a pen would.
    ctx.beginPath();
    ctx.arc(point.x, point.y, ctx.lineWidth / 2, 0, Math.PI * 2);
    ctx.fill();
    stroke.current = { pointerId: event.pointerId, last: point };
  };

  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    const current = stroke.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const ctx = context();
    if (!ctx) return;
    const point = pointOf(event);
    ctx.beginPath();
    ctx.moveTo(current.last.x, current.last.y);
    ctx.lineTo(point.x, point.y);
    ctx.stroke();
    current.last = point;
  };

  const end = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!stroke.current || stroke.current.pointerId !== event.pointerId) return;
    stroke.current = null;
    setHasInk(true);
    onChange(canvas.current?.toDataURL('image/png') ?? null);
  };

  const clear = () => {
    context()?.clearRect(0, 0, WIDTH, HEIGHT);
    stroke.current = null;
    setHasInk(false);
    onChange(null);
  };

  return (
    <div className="grid gap-2">
      <div className="relative">
        <canvas
          ref={canvas}
          width={WIDTH}
          height={HEIGHT}
          role="img"
          aria-label="Signature drawing area"
          aria-describedby={[hintId, describedBy].filter(Boolean).join(' ')}
          className="block aspect-[3/1] h-auto w-full cursor-crosshair touch-none rounded-lg border border-input bg-white"
          onPointerDown={start}
          onPointerMove={move}
          onPointerUp={end}
          onPointerCancel={end}
        />
        {/* Where to sign, as on paper; not part of the drawing sent. */}
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-[8%] bottom-[24%] border-b border-dashed border-muted-foreground/50"
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={hintId} className="text-sm text-muted-foreground">
          {hasInk ? 'Signature drawn. ' : ''}Draw with your finger, a pen or the mouse. Using a keyboard?
          Choose Type instead.
        </p>
        <Button type="button" variant="outline" size="sm" onClick={clear} disabled={!hasInk}>
          <Eraser aria-hidden="true" />
          Clear
        </Button>
      </div>
    </div>
  );
}
