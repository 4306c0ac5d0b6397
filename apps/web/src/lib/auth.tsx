import type { AgentRecord, PortalMe, RecipientContext } from '@portal/shared';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
} from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { toast } from '@/lib/toast';
import {
  AUTH_LOST_MESSAGE,
  type AuthSnapshot,
  api,
  clearSession,
  getAuthSnapshot,
  onAuthLost,
  type RecipientSession,
  startRecipientSession,
  startUserSession,
  subscribeAuth,
} from './api-client';
import { rememberLandingShell } from './landing-shell';
import { restoreSession, takeEarlyRestore, takeRestoredMe } from './session-restore';

/**
 * The signed-in state every part of the portal reads: who is signed in (from GET /portal/me),
 * or a recipient session, or nobody. Tokens themselves stay in the api-client.
 */

export const meQueryKey = ['portal', 'me'] as const;

/** GET /portal/me; the first call after the start-up restore takes the one it already sent. */
export const getMe = async (): Promise<PortalMe> =>
  (await takeRestoredMe()) ?? api.get<PortalMe>('/portal/me');

export const meQueryOptions = () => queryOptions({ queryKey: meQueryKey, queryFn: getMe, staleTime: 60_000 });

/**
 * A call that changed the agent record (an upload confirmed, a file deleted, a new order)
 * answers with the record; it replaces the cached one, so every page sees the new onboarding
 * steps without asking /portal/me again.
 */
export function setMeAgentProfile(queryClient: QueryClient, record: AgentRecord) {
  queryClient.setQueryData<PortalMe>(meQueryKey, (me) => {
    if (!me) return me;
    // The server names the account after the agent when the first or last name changes (the
    // wizard's personalInfo, the profile): the shell shows the new name at once.
    const before = me.agent_profile;
    const renamed =
      !before ||
      before.agent_first_name !== record.agent_first_name ||
      before.agent_last_name !== record.agent_last_name;
    const name = `${record.agent_first_name} ${record.agent_last_name}`.trim();
    return { ...me, agent_profile: record, ...(renamed && name ? { name } : {}) };
  });
}

/**
 * anonymous: nobody; loading: a user token is held and /portal/me is on its way;
 * user: /portal/me loaded; recipient: a recipient session; error: /portal/me failed.
 */
export type AuthStatus = 'anonymous' | 'loading' | 'user' | 'recipient' | 'error';

export interface AuthState {
  /** The start-up refresh and /portal/me have finished, whatever their outcome. */
  initialised: boolean;
  status: AuthStatus;
  me: PortalMe | null;
  recipient: RecipientContext | null;
  error: unknown;
  /** Why the last session ended without the person asking ("Recipient session expired"...). */
  notice: string | null;
  reloadMe: () => void;
}

const AuthContext = createContext<AuthState | null>(null);

const PRERENDER_SNAPSHOT: AuthSnapshot = { signedIn: false, recipient: null };
/**
 * The state a prerendered page was rendered with: nobody. The browser's own snapshot when it holds
 * no session either, so that React, having adopted the page, finds nothing changed and does not
 * render it all again at once.
 */
const getPrerenderSnapshot = () => {
  const current = getAuthSnapshot();
  return current.signedIn || current.recipient ? PRERENDER_SNAPSHOT : current;
};

export { SESSION_HINT_COOKIE } from './session-restore';

/**
 * What the page being opened will ask for first, started as soon as the start-up refresh has
 * restored a user's session, beside GET /portal/me instead of after it (main.tsx decides by the
 * address; the page's own queries find the answer in flight or in the cache). `userRole` is the
 * role the refresh answered with.
 */
export type SessionPrefetch = (queryClient: QueryClient, userRole: string | undefined) => void;

/**
 * Start-up: the refresh cookie, if any, becomes an access token, then the user is loaded
 * (lib/session-restore.ts; main.tsx has begun it before the app's code was evaluated).
 */
async function initialise(queryClient: QueryClient, prefetch?: SessionPrefetch) {
  const restored = await (takeEarlyRestore() ?? restoreSession());
  if (!restored) return;
  prefetch?.(queryClient, restored.userRole);
  try {
    await queryClient.fetchQuery(meQueryOptions());
  } catch {
    // shown through the `error` status
  }
}

const sessionStarts = new WeakMap<QueryClient, Promise<void>>();

/**
 * The start-up above, once per query client. main.tsx starts it before React renders, so the
 * session is restored while the page's code loads (ADR 50) rather than after it;
 * AuthProvider waits for the same promise.
 */
export function startSession(queryClient: QueryClient, prefetch?: SessionPrefetch): Promise<void> {
  let started = sessionStarts.get(queryClient);
  if (!started) {
    started = initialise(queryClient, prefetch);
    sessionStarts.set(queryClient, started);
  }
  return started;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // A prerendered page was rendered for a visitor nobody knows yet (ADR 49): React adopts it with
  // that state, then renders again with the browser's (a recipient session kept in storage).
  const session = useSyncExternalStore(subscribeAuth, getAuthSnapshot, getPrerenderSnapshot);
  const [initialised, setInitialised] = useState(false);

  useEffect(() => {
    // Once per app, also under StrictMode's doubled effects: a refresh rotates the cookie.
    let current = true;
    void startSession(queryClient).finally(() => {
      // The page a signed-in person lands on renders on this change: as a transition, in slices
      // that let the browser paint and handle input, rather than in one long task.
      if (current) startTransition(() => setInitialised(true));
    });
    return () => {
      current = false;
    };
  }, [queryClient]);

  const [notice, setNotice] = useState<string | null>(null);
  useEffect(
    () =>
      onAuthLost((reason) => {
        queryClient.clear();
        setNotice(AUTH_LOST_MESSAGE[reason]);
      }),
    [queryClient],
  );
  const hasSession = session.signedIn || session.recipient !== null;
  useEffect(() => {
    if (hasSession) setNotice(null);
  }, [hasSession]);

  const me = useQuery({ ...meQueryOptions(), enabled: session.signedIn });
  const { refetch } = me;
  const reloadMe = useCallback(() => void refetch(), [refetch]);

  let status: AuthStatus;
  if (session.recipient) status = 'recipient';
  else if (!session.signedIn) status = 'anonymous';
  else if (me.data) status = 'user';
  else if (me.isError) status = 'error';
  else status = 'loading';

  const value: AuthState = {
    initialised,
    status,
    me: status === 'user' ? (me.data ?? null) : null,
    recipient: session.recipient,
    error: status === 'error' ? me.error : null,
    notice,
    reloadMe,
  };
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

export interface TokenResponse {
  access_token: string;
}

/**
 * After login, registration or a magic link: hold the new access token and load the user.
 * The route guard then takes the person where they belong.
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useCallback(
    async (response: TokenResponse) => {
      startUserSession(response.access_token);
      await queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
    },
    [queryClient],
  );
}

export function useSignInRecipient() {
  const queryClient = useQueryClient();
  return useCallback(
    (session: RecipientSession) => {
      queryClient.clear();
      startRecipientSession(session);
    },
    [queryClient],
  );
}

/** Ends the session on the server (user sessions), forgets it here and goes to /login. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    if (getAuthSnapshot().signedIn) {
      try {
        await api.post('/logout', undefined, { auth: false });
      } catch {
        toast.warning(
          'We could not reach the server to end your session everywhere. Close the browser to be sure.',
        );
      }
    }
    clearSession();
    // The next person to open /leads here is not shown this one's page before signing in.
    rememberLandingShell(null);
    queryClient.clear();
    navigate(paths.login.href(), { replace: true });
  }, [navigate, queryClient]);
}
