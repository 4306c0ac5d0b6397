import type { AdminAuditListSchema } from '@portal/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { adminKeys } from '../components/admin-api';

export type AdminAuditList = z.infer<typeof AdminAuditListSchema>;
export interface AuditParams {
  actor?: string;
  action?: string;
  /** office, sign_in or account (AUDIT_CATEGORIES); none: every kind. */
  category?: string;
  target_id?: string;
  skip: number;
  limit: number;
  sort?: string;
  order?: 'asc' | 'desc';
}

export const getAudit = (params: AuditParams, signal?: AbortSignal) =>
  api.get<AdminAuditList>('/admin/audit', { query: { ...params }, signal });

export const auditQueryOptions = (params: AuditParams) =>
  queryOptions({
    queryKey: adminKeys.list('audit', { ...params }),
    queryFn: ({ signal }) => getAudit(params, signal),
    placeholderData: keepPreviousData,
  });

export const useAudit = (params: AuditParams) => useQuery(auditQueryOptions(params));
