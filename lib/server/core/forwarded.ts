/** Which client and which origin a request came from, as far as the desk's trusted proxies say. Pure: proxy.ts uses it too. */

/**
 * How far the desk believes X-Forwarded-* headers (DESK_TRUST_PROXY): `hops` proxies in front of it, each appending
 * to X-Forwarded-For; 0 (the default) believes none, since any client can send them. `peerHeader` names the header
 * in which `npm start`'s preload stamps the socket's address (a random name per process, so it cannot be forged).
 */
export interface ForwardedTrust {
  hops: number;
  peerHeader: string | null;
}

export const NO_FORWARDED_TRUST: ForwardedTrust = { hops: 0, peerHeader: null };

export type HeaderReader = (name: string) => string | null | undefined;

function headerList(value: string | null | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
}

/**
 * The address of the client as far as the desk can know it: with no trusted proxy, the socket's peer; behind `hops`
 * trusted proxies, the entry of X-Forwarded-For the outermost trusted one wrote. Null when unknown.
 */
export function clientAddress(read: HeaderReader, trust: ForwardedTrust): string | null {
  const peer = trust.peerHeader ? read(trust.peerHeader)?.trim() || null : null;
  if (trust.hops <= 0) return peer?.slice(0, 64) ?? null;
  const chain = headerList(read("x-forwarded-for"));
  if (peer) chain.push(peer);
  // Without a stamped peer (a bare `next start`) the last entry is the nearest proxy's view: that proxy is hop 1.
  const index = chain.length - (peer ? 1 : 0) - trust.hops;
  const address = chain[Math.max(0, index)] ?? null;
  return address?.slice(0, 64) ?? null;
}

/** The value a trusted proxy wrote in a list header (X-Forwarded-Host, -Proto): the hops-th from the right. */
export function forwardedValue(read: HeaderReader, name: string, trust: ForwardedTrust): string | null {
  if (trust.hops <= 0) return null;
  const values = headerList(read(name));
  return values[Math.max(0, values.length - trust.hops)] ?? null;
}
