/**
 * On every request: a CSP nonce on pages and a policy allowing nothing on the desk's API, the security headers, the
 * same-origin rule for state-changing /api requests; a malformed router-state header is a 400, a secret in a URL never renders.
 */
import { NextResponse, type NextRequest } from "next/server";
import { parseAndValidateFlightRouterState } from "next/dist/server/app-render/parse-and-validate-flight-router-state";
import { env } from "@/lib/server/core/env";
import {
  API_CONTENT_SECURITY_POLICY,
  buildContentSecurityPolicy,
  isDeskApiPath,
  isSameOriginRequest,
  isTokenPostPath,
  newNonce,
  SECRET_QUERY_PARAMS,
  SECURITY_HEADERS,
  STATE_CHANGING_METHODS,
  UNSUBSCRIBE_CONTENT_SECURITY_POLICY,
} from "@/lib/server/http/security";

const forwarded = { hops: env.DESK_TRUST_PROXY, peerHeader: env.DESK_PEER_HEADER ?? null };
const alphaOrigin = env.ALPHA_BASE_URL ? new URL(env.ALPHA_BASE_URL).origin : "http://127.0.0.1:4010";
const NO_STORE = { "Cache-Control": "no-store" };

function secure(response: NextResponse, csp: string, https: boolean): NextResponse {
  response.headers.set("Content-Security-Policy", csp);
  for (const [name, value] of SECURITY_HEADERS) response.headers.set(name, value);
  if (https) response.headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  return response;
}

function validRouterState(value: string | null): boolean {
  if (value === null) return true;
  try {
    parseAndValidateFlightRouterState(value);
    return true;
  } catch {
    return false;
  }
}

export function proxy(request: NextRequest) {
  const { pathname, searchParams } = request.nextUrl;
  const https = (env.DESK_URL ?? request.nextUrl.origin).startsWith("https://");
  // The desk's API answers run no script: a fixed policy allowing nothing, no nonce, and the request passed on as is.
  // The Alpha API's paths for desk tokens (`/alpha/v1/...`): answers like the desk's API, but a script's call carries
  // no Origin and no cookie (the token authenticates it), and its api_key parameter is the service's own.
  const alphaBase = pathname.startsWith("/alpha/");
  const api = isDeskApiPath(pathname) || alphaBase;
  const nonce = api ? null : newNonce();
  const tokenPost = isTokenPostPath(pathname);
  const csp = tokenPost ? UNSUBSCRIBE_CONTENT_SECURITY_POLICY : nonce === null ? API_CONTENT_SECURITY_POLICY : buildContentSecurityPolicy({ nonce, alphaOrigin, development: env.NODE_ENV === "development", https });
  if (
    api &&
    !alphaBase &&
    !(tokenPost && request.method === "POST") &&
    STATE_CHANGING_METHODS.has(request.method) &&
    !isSameOriginRequest(request, env.DESK_URL ?? null, forwarded)
  ) {
    const body = { error: { code: "origin_rejected", message: "This request did not come from the desk's own pages" } };
    return secure(NextResponse.json(body, { status: 403, headers: NO_STORE }), csp, https);
  }
  if (!validRouterState(request.headers.get("next-router-state-tree"))) {
    const body = { error: { code: "invalid_header", message: "The Next-Router-State-Tree header is malformed" } };
    return secure(NextResponse.json(body, { status: 400, headers: NO_STORE }), csp, https);
  }
  // A secret in a page's URL (a form submitted by the browser itself): send the browser on without it, never echo it.
  if (!pathname.startsWith("/api/") && !alphaBase && [...searchParams.keys()].some((name) => SECRET_QUERY_PARAMS.has(name.toLowerCase()))) {
    const clean = request.nextUrl.clone();
    for (const name of [...clean.searchParams.keys()]) if (SECRET_QUERY_PARAMS.has(name.toLowerCase())) clean.searchParams.delete(name);
    return secure(NextResponse.redirect(clean, { status: 303, headers: NO_STORE }), csp, https);
  }
  if (nonce === null) return secure(NextResponse.next(), csp, https);
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", csp);
  return secure(NextResponse.next({ request: { headers: requestHeaders } }), csp, https);
}

/** Not the build's static files (hashed JavaScript and CSS): no nonce, no page policy; their headers are next.config.ts's. */
export const config = { matcher: ["/((?!_next/static/).*)"] };
