import type { Settings, SettingsPatch } from '@portal/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys, useAdminMutation } from '../components/admin-api';

export const getSettings = (signal?: AbortSignal) => api.get<Settings>('/admin/settings', { signal });

export const settingsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.settings(), queryFn: ({ signal }) => getSettings(signal) });

export const useSettings = () => useQuery(settingsQueryOptions());

export const patchSettings = (patch: SettingsPatch) => api.patch<Settings>('/admin/settings', patch);

export function useSaveSettings(options: {
  onFieldError: (detail: string) => void;
  onSuccess: (saved: Settings) => void;
}) {
  const queryClient = useQueryClient();
  return useAdminMutation<Settings, SettingsPatch>({
    mutationFn: patchSettings,
    success: 'Settings saved',
    onSuccess: (saved) => {
      queryClient.setQueryData(adminKeys.settings(), saved);
      options.onSuccess(saved);
    },
    onFieldError: options.onFieldError,
  });
}
