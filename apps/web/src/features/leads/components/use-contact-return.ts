import { useCallback, useEffect, useRef } from 'react';

/** How long after a Call or Text click leaving the page counts as going to the phone app. */
const LEAVE_WITHIN_MS = 30_000;

export type ContactKind = 'call' | 'text';

/** The last Call or Text pressed on the page, whichever list or sheet it was in: only it asks. */
let lastArm = 0;

/**
 * Call and Text are tel: and sms: links: the phone app opens and the portal goes to the
 * background. `armed(kind)`, called from the link's click, waits for the page to be left (hidden,
 * or the window losing focus) soon after, and calls `onReturn(kind)` once the agent is back
 * (visible and focused again). A click that opened nothing (no phone app) asks for nothing.
 */
export function useContactReturn(onReturn: (kind: ContactKind) => void) {
  const pending = useRef<{ kind: ContactKind; at: number; left: boolean; arm: number } | null>(null);
  const latest = useRef(onReturn);
  latest.current = onReturn;

  useEffect(() => {
    const leave = () => {
      const armed = pending.current;
      if (!armed) return;
      if (Date.now() - armed.at <= LEAVE_WITHIN_MS) armed.left = true;
      else pending.current = null;
    };
    const back = () => {
      const armed = pending.current;
      if (!armed?.left || document.visibilityState === 'hidden') return;
      pending.current = null;
      // Another Call or Text (the list's, the sheet's) was pressed since: that one asks.
      if (armed.arm !== lastArm) return;
      latest.current(armed.kind);
    };
    const visibility = () => (document.visibilityState === 'hidden' ? leave() : back());
    document.addEventListener('visibilitychange', visibility);
    window.addEventListener('blur', leave);
    window.addEventListener('focus', back);
    return () => {
      document.removeEventListener('visibilitychange', visibility);
      window.removeEventListener('blur', leave);
      window.removeEventListener('focus', back);
    };
  }, []);

  return useCallback((kind: ContactKind) => {
    lastArm += 1;
    pending.current = { kind, at: Date.now(), left: false, arm: lastArm };
  }, []);
}
