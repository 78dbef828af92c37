/**
 * The shape of one entry of the desk's contract (lib/desk/routes.ts). Apart from the table so that a small group of
 * routes (lib/desk/account.ts) can be defined, and called from the browser, without the whole contract.
 */
import type * as z from "zod";

export type DeskMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
/** Who may call a route: anyone (first-run setup), a signed-in user, or an admin. */
export type DeskAccess = "public" | "user" | "admin";
/** `json`: `{ data: output }`; `file`: a download; `stream`: a body of its own (events); `envelope`: the Alpha proxy's `{ data, meta }`. */
export type DeskKind = "json" | "stream" | "envelope" | "file";

/** What the browser needs to call a route, without its schemas: generated into lib/desk/route-meta/. */
export interface DeskRouteMeta {
  id: string;
  method: DeskMethod;
  /** Path with `[name]` segments, as the app/api folder names them. */
  path: string;
  access: DeskAccess;
  kind?: DeskKind;
  /** The routes (GET ids) whose cached answers a success of this one makes stale. */
  invalidates?: readonly string[];
  /** How long the browser keeps a GET's answer fresh, in seconds (the query client's default when absent). */
  staleSeconds?: number;
}

export interface DeskRouteDef<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  O extends z.ZodType = z.ZodType,
> {
  method: DeskMethod;
  path: string;
  access: DeskAccess;
  kind?: DeskKind;
  /** The `[name]` segments; a value that fails it is a 404 (no such thing), before the server function runs. */
  params?: P;
  /** The query string, read as an object (a repeated key as an array); a failure is a 400. */
  query?: Q;
  /** The JSON body; a failure is a 400 (the browser's forms check with the same schema). */
  body?: B;
  output: O;
  /** Status of a success (201 for a creation); 200 when absent. */
  status?: 200 | 201;
  /** The largest body the route reads, in bytes (413 above it); 100,000 when absent. */
  maxBody?: number;
  invalidates?: readonly string[];
  staleSeconds?: number;
  /** A user holding a temporary password may call it (the password change itself). */
  allowTemporaryPassword?: boolean;
  /** A public route whose path token authenticates it, POSTed by mail providers' servers: no same-origin check. */
  tokenPost?: boolean;
}

/** One entry, its literal types kept (access, kind, each schema) so routes and callers are typed by it. */
export function route<const D extends DeskRouteDef>(def: D): D {
  return def;
}
