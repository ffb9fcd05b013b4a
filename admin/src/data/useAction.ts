/**
 * A custom data-provider method as a react-admin style mutation: react-query's `useMutation` (so
 * `isPending` drives the button), a notification on success and on failure (i18n keys, translated by
 * the i18nProvider; the server's message is passed as `%{detail}`), and the cached queries of the
 * resources it changed marked stale so every view of them refetches — as `useUpdate` does for a
 * record. The query helper `useDataQuery` reads through the same provider.
 *
 * @example
 * const sync = useAction((dp, id: string) => dp.syncPayment({ id }), {
 *   success: 'console.payments.synced',
 *   failure: 'console.payments.sync_failed',
 *   invalidate: ['payments'],
 * });
 * <Button onClick={() => sync.mutate(payment.id)} disabled={sync.isPending}>…</Button>
 */
import { useMutation, useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import type { ConsoleDataProvider } from './dataProvider.ts';
import { serverMessage } from './http.ts';

type Message<A extends unknown[]> = string | false | ((...args: A) => string | false);

interface ActionOptions<V, R> {
  /** Notified after success (an i18n key; false for none). */
  success?: Message<[R, V]>;
  /** Notified after failure; `%{detail}` is the server's message (empty when it gave none). */
  failure?: Message<[Error, V]>;
  /** Resources whose cached lists and records this action changes. */
  invalidate?: string[];
  onSuccess?(result: R, variables: V): void;
  onError?(error: Error, variables: V): void;
}

export function useAction<V = void, R = unknown>(
  run: (dataProvider: ConsoleDataProvider, variables: V) => Promise<R>,
  options: ActionOptions<V, R> = {},
) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  return useMutation<R, Error, V>({
    mutationFn: (variables) => run(dataProvider, variables),
    onSuccess: async (result, variables) => {
      await Promise.all(
        (options.invalidate ?? []).map((resource) => queryClient.invalidateQueries({ queryKey: [resource] })),
      );
      const message = typeof options.success === 'function' ? options.success(result, variables) : options.success;
      if (message) notify(message, { type: 'success' });
      options.onSuccess?.(result, variables);
    },
    onError: (error, variables) => {
      const message = typeof options.failure === 'function' ? options.failure(error, variables) : options.failure;
      const detail = serverMessage(error) ?? '';
      if (message !== false)
        notify(message ?? (detail || 'ra.notification.http_error'), { type: 'error', messageArgs: { detail } });
      options.onError?.(error, variables);
    },
  });
}

/** A read through one of the data provider's custom methods, cached under `key`. */
export function useDataQuery<R>(
  key: readonly unknown[],
  read: (dataProvider: ConsoleDataProvider) => Promise<R>,
  options: Omit<UseQueryOptions<R, Error>, 'queryKey' | 'queryFn'> = {},
) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  return useQuery<R, Error>({ queryKey: key, queryFn: () => read(dataProvider), ...options });
}
