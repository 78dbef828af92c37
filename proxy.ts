/**
 * Next 16 proxy (formerly middleware), on every request: a per-request CSP nonce (Next applies it to its own scripts;
 * app/layout.tsx reads it from `x-nonce`), the security headers, and the same-origin rule for state-changing /api
 * requests (next-auth's /api/auth/* keeps its own CSRF token).
 */
import { NextResponse, type NextRequest } from "next/server";
import { env } from "@/lib/server/env";
import { buildContentSecurityPolicy, isSameOriginRequest, newNonce, SECURITY_HEADERS, STATE_CHANGING_METHODS } from "@/lib/server/security";

const alphaOrigin = env.ALPHA_BASE_URL ? new URL(env.ALPHA_BASE_URL).origin : "http://127.0.0.1:4010";

function secure(response: NextResponse, csp: string, https: boolean): NextResponse {
  response.headers.set("Content-Security-Policy", csp);
  for (const [name, value] of SECURITY_HEADERS) response.headers.set(name, value);
  if (https) response.headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  return response;
}

export function proxy(request: NextRequest) {
  const nonce = newNonce();
  const https = (env.DESK_URL ?? request.nextUrl.origin).startsWith("https://");
  const csp = buildContentSecurityPolicy({ nonce, alphaOrigin, development: env.NODE_ENV === "development", https });
  const { pathname } = request.nextUrl;
  if (
    pathname.startsWith("/api/") &&
    !pathname.startsWith("/api/auth/") &&
    STATE_CHANGING_METHODS.has(request.method) &&
    !isSameOriginRequest(request, env.DESK_URL ?? null)
  ) {
    const body = { error: { code: "origin_rejected", message: "This request did not come from the desk's own pages" } };
    return secure(NextResponse.json(body, { status: 403, headers: { "Cache-Control": "no-store" } }), csp, https);
  }
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", csp);
  return secure(NextResponse.next({ request: { headers: requestHeaders } }), csp, https);
}
