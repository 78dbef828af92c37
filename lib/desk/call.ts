/**
 * How the browser calls one route of the desk's contract, given its entry: builds the URL from the entry's path,
 * sends the body as JSON, and parses the `{ data }` answer with the entry's output schema, so a shape that drifted
 * fails here, loudly, instead of being cast. Errors are AlphaErrors (see lib/query/desk-fetch.ts). The table-bound
 * callers are `deskCall` (lib/desk/client.ts, every route) and `accountCall` (lib/desk/account-client.ts, the
 * signed-out pages' four routes, without the rest of the contract).
 */
import type * as z from "zod";
import { deskFetch } from "@/lib/query/desk-fetch";
import type { DeskRouteMeta } from "./route-def";

export interface DeskCallInput {
  params?: Record<string, string>;
  query?: Record<string, string | string[] | undefined>;
  body?: unknown;
  signal?: AbortSignal;
}

/** The concrete URL of a route: `[name]` segments filled in (encoded), the query appended. */
export function routeUrl(id: string, def: Pick<DeskRouteMeta, "path">, input: Pick<DeskCallInput, "params" | "query"> = {}): string {
  const path = def.path.replace(/\[(\w+)\]/g, (_m, name: string) => {
    const value = input.params?.[name];
    if (value === undefined) throw new Error(`${id}: the path parameter ${name} is missing`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(input.query ?? {})) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) search.append(name, v);
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * Calls the route `def` (named `id` in errors) and returns its answer's `data`, parsed with the route's output schema:
 * the schema itself, or a loader of it (the contract loaded on demand), asked for as the request leaves so the two
 * overlap. The table-bound callers give it the entry's output type.
 */
export async function callRoute(id: string, def: DeskRouteMeta, input: DeskCallInput, output: z.ZodType | (() => Promise<z.ZodType>)): Promise<unknown> {
  const schema = typeof output === "function" ? output() : Promise.resolve(output);
  // A request that fails must not leave the loader's rejection unhandled; the call's own error is what is thrown.
  schema.catch(() => undefined);
  const hasBody = input.body !== undefined;
  const { body } = await deskFetch<{ data?: unknown }>(routeUrl(id, def, input), {
    method: def.method,
    ...(hasBody ? { body: JSON.stringify(input.body), headers: { "Content-Type": "application/json" } } : {}),
    ...(input.signal ? { signal: input.signal } : {}),
  });
  return (await schema).parse(body?.data);
}
