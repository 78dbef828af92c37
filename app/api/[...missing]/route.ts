import { AlphaError } from "@/lib/alpha/alpha-error";
import { errorResponse } from "@/lib/server/http/route";

/**
 * Any /api URL the desk has no route for: a JSON 404 in the contract's error shape (`{ error: { code, message } }`),
 * not the HTML not-found page a browser gets for an unknown page. Answers every method alike and reads nothing (no
 * session, no body), so it tells a caller only that the route does not exist.
 */
function notFound(request: Request): Response {
  const { pathname } = new URL(request.url);
  return errorResponse(new AlphaError("not_found", `The desk has no API route ${request.method} ${pathname}.`, { status: 404 }));
}

export const GET = notFound;
export const HEAD = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
export const OPTIONS = notFound;
