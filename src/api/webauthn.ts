import {
  browserSupportsWebAuthn,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
  WebAuthnError,
} from '@simplewebauthn/browser';
import type { LoginResponse } from '../domain/schemas/auth';
import type { PasskeyInfo } from '../domain/schemas/passkeys';
import { ApiError, apiRequest, publicRequest } from './http';

// 通行密钥 in the browser: the WebAuthn ceremonies. Loaded only when one starts, so the login
// route does not carry @simplewebauthn/browser (docs/spec.md "Budgets").

/** What the browser's refusal means to the user, in their words. */
function refusal(error: unknown, registering: boolean): Error {
  if (error instanceof ApiError) return error;
  const code = error instanceof WebAuthnError ? error.code : '';
  const name = error instanceof Error ? error.name : '';
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') {
    return new Error('这台设备上已有本账号的通行密钥，无需重复添加');
  }
  if (
    code === 'ERROR_INVALID_DOMAIN' ||
    code === 'ERROR_INVALID_RP_ID' ||
    name === 'SecurityError'
  ) {
    return new Error('当前网址无法使用通行密钥：需要 HTTPS（或 localhost）访问，请联系管理员');
  }
  if (
    code === 'ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT' ||
    code === 'ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT' ||
    name === 'NotSupportedError'
  ) {
    return new Error('此设备不支持通行密钥（需要可验证身份的设备，如指纹、面容或 PIN）');
  }
  if (code === 'ERROR_CEREMONY_ABORTED' || name === 'NotAllowedError' || name === 'AbortError') {
    return new Error(
      registering
        ? '已取消添加通行密钥，或操作超时'
        : '已取消通行密钥登录，或这台设备上没有可用的通行密钥',
    );
  }
  return new Error(registering ? '添加通行密钥失败，请重试' : '通行密钥登录失败，请重试');
}

function ensureSupported() {
  if (!browserSupportsWebAuthn()) throw new Error('此浏览器不支持通行密钥，请使用密码登录');
}

/** Makes a passkey on this device (the browser asks for a fingerprint, PIN…) and registers it. */
export async function createPasskey(name: string): Promise<PasskeyInfo> {
  ensureSupported();
  const optionsJSON = await apiRequest<PublicKeyCredentialCreationOptionsJSON>(
    'POST',
    '/api/auth/passkeys/register/options',
    {},
  );
  let response: Awaited<ReturnType<typeof startRegistration>>;
  try {
    response = await startRegistration({ optionsJSON });
  } catch (error) {
    throw refusal(error, true);
  }
  return apiRequest<PasskeyInfo>('POST', '/api/auth/passkeys/register/verify', {
    response,
    name,
  });
}

/**
 * Signs in with whichever passkey the user picks on this device. `username` is sent but the
 * server's options are the same for every name, so they cannot tell who has passkeys.
 */
export async function signInWithPasskey(
  username: string,
  deviceTokens: string[],
): Promise<LoginResponse> {
  ensureSupported();
  const optionsJSON = await publicRequest<PublicKeyCredentialRequestOptionsJSON>(
    'POST',
    '/api/auth/passkeys/login/options',
    { username },
  );
  let response: Awaited<ReturnType<typeof startAuthentication>>;
  try {
    response = await startAuthentication({ optionsJSON });
  } catch (error) {
    throw refusal(error, false);
  }
  return publicRequest<LoginResponse>('POST', '/api/auth/passkeys/login/verify', {
    response,
    deviceTokens,
  });
}
