import type { Lead } from '@portal/shared';
import { createContext, lazy, Suspense, useCallback, useContext, useRef, useState } from 'react';
import { useContactReturn } from './use-contact-return';

/**
 * The outcome's dialog (and the mutation behind it): fetched as a Call link is pressed, before the
 * phone app takes over, so it is there when the agent comes back.
 */
const loadDialog = () => import('./lead-outcome-dialog');
const LeadOutcomeDialog = lazy(async () => ({ default: (await loadDialog()).LeadOutcomeDialog }));

/** Called by a list's Call link as it opens the phone app: the lead to ask about on return. */
const CallReturnContext = createContext<((lead: Lead, link: HTMLElement) => void) | null>(null);

/** What a list's Call link tells on its click (nothing outside a workspace). */
export const useCallFromList = () => useContext(CallReturnContext);

/**
 * Calls made from the queue, the cards or the board: back on the page after the phone app, the
 * agent is asked how the call went, as from the lead's sheet, and the answer is logged on the lead.
 */
export function CallReturn({ children }: { children: React.ReactNode }) {
  const calling = useRef<Lead | null>(null);
  // The Call link pressed: the focus goes back to it once the question is answered.
  const link = useRef<HTMLElement | null>(null);
  // The lead stays while the dialog closes, so its words do not change under the animation.
  const [asked, setAsked] = useState<{ lead: Lead; open: boolean } | null>(null);
  const arm = useContactReturn(() => {
    if (calling.current) setAsked({ lead: calling.current, open: true });
  });
  const onCall = useCallback(
    (lead: Lead, pressed: HTMLElement) => {
      calling.current = lead;
      link.current = pressed;
      arm('call');
      void loadDialog().catch(() => {
        // Offline: the dialog is fetched again when it is needed.
      });
    },
    [arm],
  );
  return (
    <CallReturnContext.Provider value={onCall}>
      {children}
      {asked ? (
        <Suspense fallback={null}>
          <LeadOutcomeDialog
            lead={asked.lead}
            kind={asked.open ? 'call' : null}
            onOpenChange={(open) =>
              open ? undefined : setAsked((current) => current && { ...current, open: false })
            }
            returnFocus={() => (link.current?.isConnected ? link.current : null)}
          />
        </Suspense>
      ) : null}
    </CallReturnContext.Provider>
  );
}
