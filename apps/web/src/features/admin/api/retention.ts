// GET /admin/retention: when the clean-up last ran and what it removed (ADR 67).
import type { AdminRetention } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from '../components/admin-api';

export const retentionQueryOptions = () =>
  queryOptions({
    queryKey: [...adminKeys.settings(), 'retention'] as const,
    queryFn: ({ signal }) => api.get<AdminRetention>('/admin/retention', { signal }),
  });

export const useRetention = () => useQuery(retentionQueryOptions());
