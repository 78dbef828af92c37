import "server-only";
/**
 * The one wrapper of the desk's /api routes, driven by the route's entry in lib/desk/routes.ts: resolves the session
 * (401, 403 for admins' routes), checks the origin of state-changing methods, parses params (404), query and body
 * (400) before the server function runs, answers by the entry's kind and status, and maps every error to its body.
 */
import { z } from "zod";
import { AlphaError, invalidParameter, isAlphaError } from "@/lib/alpha/errors";
import type { DeskRouteDef } from "@/lib/desk/route-def";
import type { DeskInput, DeskOutput, DeskParams, DeskRouteId, DeskRoutes } from "@/lib/desk/routes";
import type { DeskContext } from "../core/context";
import { getDeskContext } from "../core/default-context";
import { env } from "../core/env";
import { DeskReply, type DeskFile } from "../core/reply";
import { queryObject, readJsonBody } from "../core/request-body";
import { cookieReaderFromHeader, resolveSessionUser } from "../identity/session";
import type { SessionUser } from "../identity/users";
import { isSameOriginRequest, STATE_CHANGING_METHODS } from "./security";

export { DeskReply, reply, type DeskFile } from "../core/reply";
export { queryObject, readJsonBody } from "../core/request-body";

/** A route file's export; params are read from the URL against the entry's path, so Next's second argument is not needed. */
export type RouteFunction = (request: Request, context?: unknown) => Promise<Response>;

export type DeskArgs<Id extends DeskRouteId> = {
  ctx: DeskContext;
  request: Request;
  params: DeskParams<Id>;
  input: DeskInput<Id>;
} & (DeskRoutes[Id]["access"] extends "public" ? { user?: undefined } : { user: SessionUser });

type KindOf<Id extends DeskRouteId> = DeskRoutes[Id] extends { kind: infer K } ? K : "json";
export type DeskResult<Id extends DeskRouteId> = KindOf<Id> extends "stream" | "envelope" ? Response : KindOf<Id> extends "file" ? DeskFile : DeskOutput<Id> | DeskReply<DeskOutput<Id>>;

/** A route's server function: parsed input in, its entry's output (or its kind's answer) out. */
export type DeskBinding<Id extends DeskRouteId> = (args: DeskArgs<Id>) => Promise<DeskResult<Id>>;

export interface RouteOptions {
  /** The context to run in; the process-wide one by default (tests and the bench pass their own). */
  ctx?: DeskContext | (() => Promise<DeskContext>);
}

const NO_STORE = { "Cache-Control": "no-store" };
const DEFAULT_MAX_BODY = 10_000;

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

/** A method a path does not serve: 405 in the desk's error shape, with `Allow` naming the ones it does. */
export function methodNotAllowed(served: readonly string[]): (request: Request) => Promise<Response> {
  const allow = [...served, ...(served.includes("GET") ? ["HEAD"] : [])].join(", ");
  return async (request) => {
    const response = errorResponse(new AlphaError("method_not_allowed", `${request.method} is not served here; this path answers ${allow}`, { status: 405 }));
    response.headers.set("Allow", allow);
    return response;
  };
}

/** The `[name]` and `[...name]` segments of `pattern` in `pathname`, decoded; null when the path does not match. */
export function pathParams(pattern: string, pathname: string): Record<string, string | string[]> | null {
  const want = pattern.split("/").filter(Boolean);
  const got = pathname.split("/").filter(Boolean);
  const out: Record<string, string | string[]> = {};
  try {
    for (let i = 0; i < want.length; i++) {
      const part = want[i]!;
      const rest = /^\[\.\.\.(\w+)\]$/.exec(part);
      if (rest) {
        out[rest[1]!] = got.slice(i).map(decodeURIComponent);
        return out;
      }
      const one = /^\[(\w+)\]$/.exec(part);
      if (i >= got.length) return null;
      if (one) out[one[1]!] = decodeURIComponent(got[i]!);
      else if (part !== got[i]) return null;
    }
  } catch {
    return null;
  }
  return got.length === want.length ? out : null;
}

async function sessionUser(ctx: DeskContext, request: Request, def: DeskRouteDef): Promise<SessionUser> {
  const user = await resolveSessionUser({ ctx, read: cookieReaderFromHeader(request.headers.get("cookie")) });
  if (!user) throw new AlphaError("not_signed_in", "Sign in to continue");
  if (user.mustChangePassword && !def.allowTemporaryPassword) {
    throw new AlphaError("password_change_required", "Choose a new password first (an admin gave you a temporary one)");
  }
  if (def.access === "admin" && user.role !== "admin") throw new AlphaError("forbidden", "Only admins can do this");
  return user;
}

function parseParams(def: DeskRouteDef, request: Request): unknown {
  if (!def.params) return undefined;
  const raw = pathParams(def.path, new URL(request.url).pathname);
  const parsed = raw ? def.params.safeParse(raw) : null;
  if (parsed?.success) return parsed.data;
  const message = parsed?.error.issues[0]?.message;
  throw new AlphaError("not_found", message?.startsWith("No such") ? message : `Nothing at ${new URL(request.url).pathname}`);
}

async function parseInput(def: DeskRouteDef, request: Request): Promise<unknown> {
  if (def.body) {
    const parsed = def.body.safeParse(await readJsonBody(request, def.maxBody ?? DEFAULT_MAX_BODY));
    if (!parsed.success) throw invalidParameter(parsed.error, "body");
    return parsed.data;
  }
  if (def.query) {
    const parsed = def.query.safeParse(queryObject(new URL(request.url).searchParams));
    if (!parsed.success) throw invalidParameter(parsed.error, "query");
    return parsed.data;
  }
  return undefined;
}

/** In tests every JSON answer is held to its entry's output schema, as the browser will parse it. */
function checkOutput(id: string, def: DeskRouteDef, data: unknown): void {
  if (env.NODE_ENV !== "test") return;
  const parsed = def.output.safeParse(JSON.parse(JSON.stringify(data ?? null)) as unknown);
  if (!parsed.success) throw new Error(`${id} answered outside its output schema: ${parsed.error.message}`);
}

function fileResponse(file: DeskFile): Response {
  return new Response(file.body, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${file.filename.replace(/[^A-Za-z0-9._-]/g, "_")}"`,
      "X-Content-Type-Options": "nosniff",
      ...NO_STORE,
    },
  });
}

/** The route function of one entry, running `serve` with its parsed input. */
export function serveDeskRoute<Id extends DeskRouteId>(id: Id, def: DeskRouteDef, serve: DeskBinding<Id>, options: RouteOptions = {}): RouteFunction {
  const run = serve as unknown as (args: { ctx: DeskContext; request: Request; params: unknown; input: unknown; user?: SessionUser }) => Promise<unknown>;
  return async (request) => {
    try {
      const ctx = !options.ctx ? await getDeskContext() : typeof options.ctx === "function" ? await options.ctx() : options.ctx;
      if (STATE_CHANGING_METHODS.has(request.method) && !def.tokenPost && !isSameOriginRequest(request, ctx.config.deskUrl, ctx.config.forwarded)) {
        throw new AlphaError("origin_rejected", "This request did not come from the desk's own pages");
      }
      const user = def.access === "public" ? undefined : await sessionUser(ctx, request, def);
      const params = parseParams(def, request);
      const input = await parseInput(def, request);
      const result = await run({ ctx, request, params, input, ...(user ? { user } : {}) });
      const kind = def.kind ?? "json";
      if (kind === "stream" || kind === "envelope") return result as Response;
      if (kind === "file") return fileResponse(result as DeskFile);
      const answer = result instanceof DeskReply ? result : new DeskReply(result);
      checkOutput(id, def, answer.data);
      return jsonResponse({ data: answer.data }, { status: answer.init.status ?? def.status ?? 200, ...(answer.init.headers ? { headers: answer.init.headers } : {}) });
    } catch (error) {
      return errorResponse(error);
    }
  };
}
