/**
 * Security headers and the same-origin rule, shared by proxy.ts (every response) and the route wrappers (every
 * state-changing /api request). Pure functions: no secrets, no database.
 */

import { forwardedValue, NO_FORWARDED_TRUST, type ForwardedTrust, type HeaderReader } from "../core/forwarded";

export { clientAddress, NO_FORWARDED_TRUST, type ForwardedTrust } from "../core/forwarded";

export const STATE_CHANGING_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Origins a request may legitimately come from: DESK_URL's alone when it is set (a Host header an attacker's DNS name
 * points here never widens it), else the one the request itself was addressed to.
 */
function ownOrigins(request: Request, deskUrl: string | null, trust: ForwardedTrust): Set<string> {
  const origins = new Set<string>();
  if (deskUrl) return origins.add(new URL(deskUrl).origin);
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

/** The one-click unsubscribe page: its form posts back to itself, so form-action allows the desk alone. */
export const UNSUBSCRIBE_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

/**
 * Paths POSTed by other parties' servers (a mail provider's RFC 8058 one-click unsubscribe), authenticated by the
 * token in the path alone: exempt from the same-origin rule. Only routes marked `tokenPost` match it (a test checks).
 */
export function isTokenPostPath(pathname: string): boolean {
  return /^\/api\/alert-unsubscribe\/[^/]+$/.test(pathname);
}

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
