import "server-only";
/**
 * The one route wrapper of the desk's /api handlers (interface for route files):
 *   export const GET = withUser(async ({ user, ctx, request, params, searchParams }) => ({ data: ... }));
 * - withUser: resolves the session (401 not_signed_in), checks the origin of state-changing methods (403
 *   origin_rejected), runs the handler and maps every thrown error to { error: { code, message, details? } } with
 *   its status (AlphaError codes; Retry-After passed through); a returned plain value is sent as JSON.
 * - withAdmin: the same, admins only (403 forbidden).
 * - withPublic: no session (first-run setup); same origin check and error mapping.
 * - deskRoute(id, handler): the route file's export, derived from the desk's contract (lib/desk/routes.ts): the
 *   guard follows the entry's `access`, and the handler must answer `{ data }` of the entry's output type.
 * Handlers are plain functions of their arguments, so tests call the wrapped function with a Request directly.
 */
import { z } from "zod";
import { AlphaError, invalidParameter, isAlphaError } from "@/lib/alpha/errors";
import type { DeskOutput, DeskRouteId, DeskRoutes } from "@/lib/desk/routes";
import { deskRoutes } from "@/lib/desk/routes";
import type { DeskContext } from "../core/context";
import { getDeskContext } from "../core/default-context";
import { isSameOriginRequest, STATE_CHANGING_METHODS } from "./security";
import { cookieReaderFromHeader, resolveSessionUser } from "../identity/session";
import type { SessionUser } from "../identity/users";

export type RouteParams = Record<string, string | string[] | undefined>;

export interface PublicRouteArgs {
  request: Request;
  ctx: DeskContext;
  params: RouteParams;
  searchParams: URLSearchParams;
}

export interface UserRouteArgs extends PublicRouteArgs {
  user: SessionUser;
}

type Result = Response | object;
export type NextRouteContext = { params?: Promise<RouteParams> | RouteParams };
export type RouteFunction = (request: Request, context?: NextRouteContext) => Promise<Response>;

export interface WrapOptions {
  /** The context to run in; the process-wide one by default (tests and the bench pass their own). */
  ctx?: DeskContext | (() => Promise<DeskContext>);
  /** Let a user who holds a temporary password through (only the password change itself). */
  allowTemporaryPassword?: boolean;
}

const NO_STORE = { "Cache-Control": "no-store" };

export function jsonResponse(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { "Content-Type": "application/json; charset=utf-8", ...NO_STORE, ...init.headers },
  });
}

/** The error body and status of any thrown value; a 500 says nothing internal and is logged. */
export function errorResponse(error: unknown): Response {
  let alpha: AlphaError;
  if (isAlphaError(error)) alpha = error;
  else if (error instanceof z.ZodError) alpha = invalidParameter(error);
  else {
    console.error(JSON.stringify({ level: "error", msg: "desk route failed", error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }));
    alpha = new AlphaError("internal_error", "Something went wrong in the desk. Try again; if it persists, tell your admin.");
  }
  const headers: Record<string, string> = {};
  if (alpha.retryAfter !== undefined) headers["Retry-After"] = String(alpha.retryAfter);
  return jsonResponse(alpha.toBody(), { status: alpha.status, headers });
}

async function resolveContext(options: WrapOptions): Promise<DeskContext> {
  if (!options.ctx) return getDeskContext();
  return typeof options.ctx === "function" ? options.ctx() : options.ctx;
}

function toResponse(result: Result): Response {
  return result instanceof Response ? result : jsonResponse(result);
}

function wrap(
  options: WrapOptions,
  run: (args: PublicRouteArgs) => Promise<Result>,
): RouteFunction {
  return async (request, context) => {
    try {
      const ctx = await resolveContext(options);
      if (STATE_CHANGING_METHODS.has(request.method) && !isSameOriginRequest(request, ctx.config.deskUrl, ctx.config.forwarded)) {
        throw new AlphaError("origin_rejected", "This request did not come from the desk's own pages");
      }
      const params = (await context?.params) ?? {};
      return toResponse(await run({ request, ctx, params, searchParams: new URL(request.url).searchParams }));
    } catch (error) {
      return errorResponse(error);
    }
  };
}

export function withPublic(handler: (args: PublicRouteArgs) => Promise<Result>, options: WrapOptions = {}): RouteFunction {
  return wrap(options, handler);
}

async function sessionUser(args: PublicRouteArgs, options: WrapOptions): Promise<SessionUser> {
  const user = await resolveSessionUser({ ctx: args.ctx, read: cookieReaderFromHeader(args.request.headers.get("cookie")) });
  if (!user) throw new AlphaError("not_signed_in", "Sign in to continue");
  if (user.mustChangePassword && !options.allowTemporaryPassword) {
    throw new AlphaError("password_change_required", "Choose a new password first (an admin gave you a temporary one)");
  }
  return user;
}

export function withUser(handler: (args: UserRouteArgs) => Promise<Result>, options: WrapOptions = {}): RouteFunction {
  return wrap(options, async (args) => handler({ ...args, user: await sessionUser(args, options) }));
}

export function withAdmin(handler: (args: UserRouteArgs) => Promise<Result>, options: WrapOptions = {}): RouteFunction {
  return wrap(options, async (args) => {
    const user = await sessionUser(args, options);
    if (user.role !== "admin") throw new AlphaError("forbidden", "Only admins can do this");
    return handler({ ...args, user });
  });
}

/** Reads a JSON body (at most `limitBytes`); 400 invalid_body when it is not JSON, 413 when too large. */
export async function readJsonBody(request: Request, limitBytes = 1_000_000): Promise<unknown> {
  const length = Number(request.headers.get("content-length") ?? "0");
  if (length > limitBytes) throw new AlphaError("payload_too_large", `The request body is larger than ${limitBytes} bytes`);
  const text = await request.text();
  if (text.length > limitBytes) throw new AlphaError("payload_too_large", `The request body is larger than ${limitBytes} bytes`);
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AlphaError("invalid_body", "The request body is not valid JSON");
  }
}

type HandlerArgs<Id extends DeskRouteId> = DeskRoutes[Id]["access"] extends "public" ? PublicRouteArgs : UserRouteArgs;
type HandlerResult<Id extends DeskRouteId> = Response | { data: DeskOutput<Id> };

/** A route file's export for one entry of the desk's contract: `export const GET = deskRoute("listWatchlists", handleListWatchlists)`. */
export function deskRoute<Id extends DeskRouteId>(id: Id, handler: (args: HandlerArgs<Id>) => Promise<HandlerResult<Id>>, options: WrapOptions = {}): RouteFunction {
  const access = deskRoutes[id].access;
  const run = handler as (args: UserRouteArgs | PublicRouteArgs) => Promise<Result>;
  if (access === "public") return withPublic(run, options);
  return access === "admin" ? withAdmin(run, options) : withUser(run, options);
}
