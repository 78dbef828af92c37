/**
 * The shape of one entry of the desk's contract (lib/desk/routes.ts), apart from the table so that a small group of
 * routes (lib/desk/account.ts) can be defined, and called from the browser, without the whole contract.
 */
import type * as z from "zod";

export type DeskMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
/** Who may call a route: anyone (first-run setup), a signed-in user, or an admin. */
export type DeskAccess = "public" | "user" | "admin";

/** What the browser needs to call a route, without its schemas (lib/desk/route-meta.ts). */
export interface DeskRouteMeta {
  method: DeskMethod;
  /** Path with `[name]` segments, as the app/api folder names them. */
  path: string;
  access: DeskAccess;
  kind?: "json" | "stream" | "envelope";
}

export interface DeskRouteDef<O extends z.ZodType = z.ZodType> extends DeskRouteMeta {
  query?: z.ZodType;
  /** The JSON body: the browser's form checks with it, and the server's handler and verb parse with it. */
  body?: z.ZodType;
  /** The answer: `{ data: output }` as JSON, or `stream` (server-sent events) / `envelope` (the Alpha proxy). */
  output: O;
}

export function route<O extends z.ZodType>(def: DeskRouteDef<O>): DeskRouteDef<O> {
  return def;
}
