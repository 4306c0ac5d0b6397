import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/contact: the office's address (the server's OFFICE_EMAIL). */
export const getContact = () => api.get<{ email: string }>('/contact', { auth: false });

export const useOfficeContact = () =>
  useQuery({ queryKey: ['contact'], queryFn: getContact, staleTime: Number.POSITIVE_INFINITY });
