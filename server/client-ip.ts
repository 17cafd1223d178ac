/**
 * The client's address. With no trusted proxy (TRUST_PROXY=0) it is the socket's: an
 * X-Forwarded-For header is something any client can send, so it is ignored. With `trustedHops`
 * proxies in front, each of which appends the address it was reached from, the client is the
 * entry that many steps back from the socket; anything further left was sent by the client itself.
 */
export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
  trustedHops: number,
): string | undefined {
  if (trustedHops <= 0 || !forwardedFor) return socketAddress;
  const chain = [
    ...forwardedFor
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
    socketAddress ?? '',
  ];
  return chain[Math.max(0, chain.length - 1 - trustedHops)] || socketAddress;
}
