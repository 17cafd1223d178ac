import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PasskeyInfo } from '../domain/schemas/passkeys';
import { apiRequest } from './http';
import { loadWebAuthn } from './webauthn-loader';

// 设置 → 账号安全 → 通行密钥. From the server only, like the rest of 账号安全.

const passkeysQuery = () =>
  queryOptions({
    queryKey: ['account-security', 'passkeys'] as const,
    queryFn: () => apiRequest<PasskeyInfo[]>('GET', '/api/auth/passkeys'),
  });

export const usePasskeysQuery = () => useQuery(passkeysQuery());

/** 添加通行密钥: the browser's ceremony (./webauthn, loaded now), then the server keeps it. */
export function useAddPasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => (await loadWebAuthn()).createPasskey(name),
    onSettled: () => client.invalidateQueries({ queryKey: passkeysQuery().queryKey }),
  });
}

export function useRemovePasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<void>('DELETE', `/api/auth/passkeys/${encodeURIComponent(id)}`),
    onSettled: () => client.invalidateQueries({ queryKey: passkeysQuery().queryKey }),
  });
}
