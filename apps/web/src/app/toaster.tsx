import { TOAST } from '@portal/shared';
import { Toaster } from 'sonner';

/**
 * The toasts of the whole portal (constants of SPEC.md section 9). Sonner fixes its own swipe
 * threshold (45 px) and removal delay (200 ms); the rest comes from TOAST. A dialog that should
 * stay open while its toasts are used ignores interactions inside `[data-sonner-toaster]`.
 */
export default function PortalToaster() {
  return (
    <Toaster
      position={TOAST.position}
      visibleToasts={TOAST.maxVisible}
      duration={TOAST.durationMs}
      gap={TOAST.gapPx}
      expand={TOAST.expand}
      hotkey={[TOAST.hotkey]}
      swipeDirections={[TOAST.swipeDirection]}
      closeButton
      richColors
      // Above an open dialog, which takes pointer events from the rest of the page: a toast's
      // button (Undo, Close) still answers a click.
      style={{ pointerEvents: 'auto' }}
    />
  );
}
