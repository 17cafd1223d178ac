/**
 * The WebAuthn module (./webauthn), loaded at first use: the login route's budget has no room
 * for it. A failed download reads as one.
 */
export function loadWebAuthn() {
  return import('./webauthn').catch(() => {
    throw new Error('无法加载通行密钥组件，请检查网络后重试');
  });
}
