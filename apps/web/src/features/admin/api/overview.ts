// GET /admin/overview: the figures the console's home shows.
import type { AdminOverview } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from '../components/admin-api';

export const overviewQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.overview(),
    queryFn: ({ signal }) => api.get<AdminOverview>('/admin/overview', { signal }),
  });

export const useAdminOverview = () => useQuery(overviewQueryOptions());
