import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PasskeyInfo } from '../domain/schemas/passkeys';
import { apiRequest } from './http';

// 设置 → 账号安全 → 通行密钥. From the server only, like the rest of 账号安全.

const passkeysQuery = () =>
  queryOptions({
    queryKey: ['account-security', 'passkeys'] as const,
    queryFn: () => apiRequest<PasskeyInfo[]>('GET', '/api/auth/passkeys'),
  });

export const usePasskeysQuery = () => useQuery(passkeysQuery());

/** The WebAuthn module, loaded at first use; a failed download reads as one. */
export function loadWebAuthn() {
  return import('./webauthn').catch(() => {
    throw new Error('无法加载通行密钥组件，请检查网络后重试');
  });
}

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
