/** Legacy (see ../api.ts): react-query reads through apiFetch. New code uses `useDataQuery` (data/useAction.ts). */
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { apiFetch } from '../api.ts';

export function useApi<T>(
  path: string | null,
  options: Omit<UseQueryOptions<T, Error>, 'queryKey' | 'queryFn'> = {},
) {
  return useQuery<T, Error>({
    queryKey: ['console-api', path],
    queryFn: () => apiFetch<T>(path!),
    enabled: path !== null,
    ...options,
  });
}
