import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChangePasswordInput,
  EnableTotpInput,
  SessionInfo,
  TotpEnrolment,
  TwoFactorStatus,
} from '../domain/schemas/account-security';
import { ApiError, apiRequest } from './http';

// 设置 → 账号安全: the signed-in devices and the password. Always from the server: nothing of
// it is kept on the device or works offline.

const accountSecurityKeys = {
  sessions: ['account-security', 'sessions'] as const,
};

const sessionsQuery = () =>
  queryOptions({
    queryKey: accountSecurityKeys.sessions,
    queryFn: () => apiRequest<SessionInfo[]>('GET', '/api/auth/sessions'),
  });

export const useSessionsQuery = () => useQuery(sessionsQuery());

/** Signs out one session; its next request gets 401. */
export function useSignOutSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<void>('DELETE', `/api/auth/sessions/${encodeURIComponent(id)}`),
    onSettled: () => client.invalidateQueries({ queryKey: accountSecurityKeys.sessions }),
  });
}

/** 退出其他设备: every session but this one. */
export function useSignOutOthers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>('POST', '/api/auth/sessions/sign-out-others'),
    onSettled: () => client.invalidateQueries({ queryKey: accountSecurityKeys.sessions }),
  });
}

export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      apiRequest<void>('POST', '/api/auth/password', input),
    onSuccess: () => client.invalidateQueries({ queryKey: accountSecurityKeys.sessions }),
  });
}

const twoFactorQuery = () =>
  queryOptions({
    queryKey: ['account-security', 'totp'] as const,
    queryFn: () => apiRequest<TwoFactorStatus>('GET', '/api/auth/totp'),
  });

export const useTwoFactorQuery = () => useQuery(twoFactorQuery());

/** A new secret and its QR code; nothing is stored until it is confirmed with a code. */
export function useStartTotp() {
  return useMutation({
    mutationFn: () => apiRequest<TotpEnrolment>('POST', '/api/auth/totp/setup'),
  });
}

export function useEnableTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EnableTotpInput) =>
      apiRequest<{ recoveryCodes: string[] }>('POST', '/api/auth/totp/enable', input),
    onSuccess: () => client.invalidateQueries({ queryKey: twoFactorQuery().queryKey }),
  });
}

export function useDisableTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      apiRequest<void>('POST', '/api/auth/totp/disable', { password }),
    onSuccess: () => client.invalidateQueries({ queryKey: twoFactorQuery().queryKey }),
  });
}

/** A refusal of what was typed (a wrong code or password), shown at the form rather than as a toast. */
export const refusedInput = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 400;
