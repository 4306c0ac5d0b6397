import type { TestMessageStatusResponse } from '@portal/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** How often the wizard asks about a test message's delivery while it is on its way. */
export const TEST_MESSAGE_POLL_MS = 2000;

const isFinal = (data: TestMessageStatusResponse | undefined) =>
  data?.status === 'sent' || data?.status === 'failed';

/**
 * GET /portal/agents/test-messages/:id, asked again every 2 s until the message is sent or has
 * failed. Polling stops when nobody watches the query (the page was left).
 */
export const testMessageQueryOptions = (messageId: string) =>
  queryOptions({
    queryKey: ['signup', 'test-messages', messageId],
    queryFn: ({ signal }) =>
      api.get<TestMessageStatusResponse>(`/portal/agents/test-messages/${encodeURIComponent(messageId)}`, {
        signal,
      }),
    staleTime: 0,
    refetchInterval: (query) => (isFinal(query.state.data) ? false : TEST_MESSAGE_POLL_MS),
  });
