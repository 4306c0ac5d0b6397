import type { SignRequest, SignResult } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /sign/:token: 200 with who signs next; 400 with what is wrong; 404/409/410 as the link's GET. */
export const submitSignature = (token: string, request: SignRequest) =>
  api.post<SignResult>(`/sign/${encodeURIComponent(token)}`, request, { auth: false });

export const useSubmitSignature = (token: string) =>
  useMutation({ mutationFn: (request: SignRequest) => submitSignature(token, request) });
