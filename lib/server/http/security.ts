/**
 * Security headers and the same-origin rule, shared by proxy.ts (every response) and the route wrappers (every
 * state-changing /api request). Pure functions: no secrets, no database.
 */

export const STATE_CHANGING_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

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

type HeaderReader = (name: string) => string | null | undefined;

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
function forwardedValue(read: HeaderReader, name: string, trust: ForwardedTrust): string | null {
  if (trust.hops <= 0) return null;
  const values = headerList(read(name));
  return values[Math.max(0, values.length - trust.hops)] ?? null;
}

/** Origins a request may legitimately come from: DESK_URL's, and the one the request itself was addressed to. */
function ownOrigins(request: Request, deskUrl: string | null, trust: ForwardedTrust): Set<string> {
  const origins = new Set<string>();
  if (deskUrl) origins.add(new URL(deskUrl).origin);
  const url = new URL(request.url);
  origins.add(url.origin);
  // Next's request URL says "localhost" for 127.0.0.1 and ::1: on loopback the three name one origin's port.
  if (["localhost", "127.0.0.1", "[::1]"].includes(url.hostname)) {
    for (const name of ["localhost", "127.0.0.1", "[::1]"]) origins.add(`${url.protocol}//${name}${url.port ? `:${url.port}` : ""}`);
  }
  // X-Forwarded-Host/-Proto only from a proxy the operator said is there; Next fills them from Host otherwise.
  const read: HeaderReader = (name) => request.headers.get(name);
  const host = forwardedValue(read, "x-forwarded-host", trust) ?? request.headers.get("host");
  if (host) {
    const proto = forwardedValue(read, "x-forwarded-proto", trust) ?? url.protocol.replace(":", "");
    origins.add(`${proto}://${host}`);
  }
  return origins;
}

/**
 * CSRF guard: a browser says where a request comes from (Sec-Fetch-Site, Origin). A state-changing request must come
 * from the desk itself; one that says neither is refused too, so a form on another site can never pass.
 */
export function isSameOriginRequest(request: Request, deskUrl: string | null, trust: ForwardedTrust = NO_FORWARDED_TRUST): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site && site !== "same-origin") return false;
  const origin = request.headers.get("origin");
  if (origin) return origin !== "null" && ownOrigins(request, deskUrl, trust).has(origin);
  return site === "same-origin";
}

export interface CspOptions {
  nonce: string;
  /** Origin of the Alpha service: logos (img-src) and signed recordings (media-src) load from it. */
  alphaOrigin: string | null;
  /** next dev needs 'unsafe-eval' (React's dev tooling); production never. */
  development: boolean;
  /** Ask the browser to upgrade http subresources only when the desk itself is served over https. */
  https: boolean;
}

export function buildContentSecurityPolicy(o: CspOptions): string {
  const alpha = o.alphaOrigin ? ` ${o.alphaOrigin}` : "";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${o.nonce}' 'strict-dynamic'${o.development ? " 'unsafe-eval'" : ""}`,
    // Radix and Recharts position things with inline style attributes.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${alpha}`,
    `media-src 'self' blob:${alpha}`,
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
    ...(o.https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/**
 * The policy of the desk's own API answers (JSON, event streams, downloads): a browser runs nothing from them, so
 * they allow nothing and need no nonce. next-auth's /api/auth/* keeps the pages' policy (see proxy.ts).
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Paths of the desk's own API (not next-auth's): answered with API_CONTENT_SECURITY_POLICY, no nonce. */
export function isDeskApiPath(pathname: string): boolean {
  return pathname.startsWith("/api/") && !pathname.startsWith("/api/auth/");
}

/** Query parameters that name a secret: a page request carrying one is redirected without it (proxy.ts). */
export const SECRET_QUERY_PARAMS: ReadonlySet<string> = new Set([
  "password",
  "confirm",
  "current-password",
  "new-password",
  "alpha-key",
  "api_key",
  "apikey",
  "x-api-key",
  "token",
]);

export const SECURITY_HEADERS: readonly (readonly [string, string])[] = [
  ["X-Frame-Options", "DENY"],
  ["X-Content-Type-Options", "nosniff"],
  ["Referrer-Policy", "strict-origin-when-cross-origin"],
  ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()"],
  ["Cross-Origin-Opener-Policy", "same-origin"],
];

/** A fresh nonce for one response: 16 random bytes, base64. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}
