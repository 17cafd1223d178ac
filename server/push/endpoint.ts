import { BlockList, isIP } from 'node:net';
import { parse as legacyParse } from 'node:url';

// The server makes HTTPS requests to whatever endpoint a browser hands it, so an endpoint is
// where it could be steered at internal addresses (SSRF). Two guards: this check when a
// subscription is stored and before each send (names only: https, no IP literal, no port,
// no local names), and `isPublicAddress` on every address the sender's agent connects to
// (sender.ts), so a public name that resolves to 10.0.0.1 is refused too.
//
// The check and the connection must read one host. WHATWG `URL` keeps `;'"{}` and a backtick
// in a host and decodes `%2e`, while the legacy `url.parse` (which web-push used, and which
// resolves names like 0x7f000001) ends the host there: `https://127.0.0.1;.example.com/x`
// passed as a name and connected to 127.0.0.1 (issue 57). So a host is a plain DNS name,
// `[a-z0-9.-]` only, and both parsers must agree on it.

/** Hosts that only mean something inside a network. */
const LOCAL_SUFFIXES = ['.localhost', '.local', '.internal', '.lan', '.home.arpa', '.intranet'];

/**
 * `PUSH_ALLOW_ENDPOINT`: one origin (e.g. https://127.0.0.1:9443) let through this check, for
 * a test's local push service. Undefined when unset; throws on a value that is not an origin.
 */
export function allowedOrigin(raw: string | undefined): string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`PUSH_ALLOW_ENDPOINT 不是有效的网址 / is not a URL: ${value}`);
  }
  if (url.protocol !== 'https:') {
    throw new Error(`PUSH_ALLOW_ENDPOINT 必须是 https / must be https: ${value}`);
  }
  return url.origin;
}

/** Why `endpoint` may not be used, as the 400's message (naming the field), or undefined. */
export function endpointProblem(endpoint: string, allowOrigin?: string): string | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'endpoint: 不是有效的网址';
  }
  if (endpoint.length > 2048) return 'endpoint: 网址过长';
  // Exactly one origin, so other ports of the same host stay refused.
  if (allowOrigin && url.origin === allowOrigin) return undefined;
  if (url.protocol !== 'https:') return 'endpoint: 推送地址必须使用 https';
  if (url.username || url.password) return 'endpoint: 推送地址不能包含用户名或密码';
  if (url.port !== '') return 'endpoint: 推送地址不能指定端口';
  const host = url.hostname.toLowerCase();
  let legacy: string | null;
  try {
    legacy = legacyParse(endpoint).hostname;
  } catch {
    legacy = null;
  }
  if (!/^[a-z0-9.-]+$/.test(host) || legacy?.toLowerCase() !== host) {
    return 'endpoint: 推送地址的主机名只能包含字母、数字、点和连字符';
  }
  // The URL parser has already turned 2130706433, 0x7f.1 and 017700000001 into 127.0.0.1.
  if (isIP(host) !== 0 || /^[\d.]+$/.test(host)) {
    return 'endpoint: 推送地址不能是 IP 地址';
  }
  const name = host.endsWith('.') ? host.slice(0, -1) : host;
  if (name === 'localhost' || !name.includes('.') || LOCAL_SUFFIXES.some((s) => name.endsWith(s))) {
    return 'endpoint: 推送地址不能指向本机或内网';
  }
  return undefined;
}

// Two lists: a BlockList also checks an IPv4 address against its IPv6 rules as ::ffff:a.b.c.d,
// so ::ffff:0:0/96 in one list would refuse every IPv4 address.
const blocked = new BlockList();
const blocked6 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  // Unspecified, loopback and the old IPv4-compatible form (::a.b.c.d).
  ['::', 96],
  // IPv4-mapped (::ffff:a.b.c.d, also written ::ffff:7f00:1): an IPv4 address in disguise.
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  // Teredo and 6to4 carry an IPv4 address too, one a private one if the sender so chooses.
  ['2001::', 32],
  ['2002::', 16],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked6.addSubnet(net, prefix, 'ipv6');
}

/**
 * False for loopback, private, link-local, carrier-grade NAT, reserved and multicast addresses,
 * and for IPv6 forms that carry an IPv4 address (mapped, 6to4, Teredo, NAT64).
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (family !== 6) return false;
  return !blocked6.check(address, 'ipv6');
}
