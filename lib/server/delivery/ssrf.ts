import "server-only";
/**
 * No server-side request forgery through a webhook URL: the address the connection is made to (every address a name
 * resolves to, checked inside the socket's own lookup, so a name cannot resolve to a public address at check time and
 * a private one at connect time) must be public unless the operator allows private ones.
 */
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP } from "node:net";

const blocked = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  blocked.addSubnet(net, bits, "ipv4");
for (const [net, bits] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["64:ff9b::", 96],
] as const)
  blocked.addSubnet(net, bits, "ipv6");

/** Whether an IP address is private, loopback, link-local, multicast or otherwise not on the public internet. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped?.[1]) return blocked.check(mapped[1], "ipv4");
    return blocked.check(address, "ipv6");
  }
  return true;
}

export class UnsafeAddressError extends Error {
  readonly code = "unsafe_address";
}

/** Checks a webhook URL's form (http or https, no credentials); the address itself is checked at connect time. */
export function checkWebhookUrl(raw: string, { allowPrivate }: { allowPrivate: boolean }): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeAddressError("That is not a URL");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new UnsafeAddressError("A webhook URL must start with https:// (or http://)");
  if (url.username || url.password) throw new UnsafeAddressError("A webhook URL may not carry a user name or password; the desk signs each request instead");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!allowPrivate && (host === "localhost" || host.endsWith(".localhost") || (isIP(host) && isPrivateAddress(host)))) {
    throw new UnsafeAddressError(`${host} is a private or loopback address; webhooks go to public addresses only (an operator can allow private ones with DESK_WEBHOOK_ALLOW_PRIVATE)`);
  }
  return url;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for node:http that refuses private addresses (unless allowed): the check and the connection agree. */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: { all?: boolean; family?: number | string }, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true } as { all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const list = addresses as LookupAddress[];
      const bad = list.find((a) => isPrivateAddress(a.address));
      if (!allowPrivate && bad) return callback(new UnsafeAddressError(`${hostname} resolves to ${bad.address}, a private address; webhooks go to public addresses only`), []);
      if (options.all) return callback(null, list);
      const first = list[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), []);
      callback(null, first.address, first.family);
    });
  };
}
