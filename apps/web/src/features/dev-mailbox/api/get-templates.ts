import type { MessagePreviewsResponse } from '@portal/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /dev/templates (embedded mode, superusers only): every template rendered with samples. */
export const getTemplates = () => api.get<MessagePreviewsResponse>('/dev/templates');

export const templatesQueryOptions = () =>
  queryOptions({ queryKey: ['dev', 'templates'], queryFn: getTemplates, staleTime: 0 });
