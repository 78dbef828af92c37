/**
 * How the browser calls one route of the desk's contract, given its zod-free entry: the URL from its path, the body
 * as JSON, and the `{ data }` answer parsed with the route's output schema, so a shape that drifted fails here, loudly,
 * instead of being cast. Errors are AlphaErrors (lib/query/desk-fetch.ts).
 */
import type * as z from "zod";
import { deskFetch } from "@/lib/query/desk-fetch";
import type { DeskRouteMeta } from "./route-def";

export interface DeskCallInput {
  params?: Record<string, string> | undefined;
  query?: Record<string, unknown> | undefined;
  body?: unknown;
  signal?: AbortSignal | undefined;
}

/** The concrete URL of a route: `[name]` segments filled in (encoded), the query appended. */
export function routeUrl(def: Pick<DeskRouteMeta, "id" | "path">, input: Pick<DeskCallInput, "params" | "query"> = {}): string {
  const path = def.path.replace(/\[(\w+)\]/g, (_m, name: string) => {
    const value = input.params?.[name];
    if (value === undefined) throw new Error(`${def.id}: the path parameter ${name} is missing`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(input.query ?? {})) {
    for (const v of Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]) search.append(name, String(v));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * Calls the route and returns its answer's `data`, parsed with the route's output schema: the schema itself, or a
 * loader of it (the contract loaded on demand), asked for as the request leaves so the two overlap.
 */
export async function callRoute(def: DeskRouteMeta, input: DeskCallInput, output: z.ZodType | (() => Promise<z.ZodType>)): Promise<unknown> {
  const schema = typeof output === "function" ? output() : Promise.resolve(output);
  // A request that fails must not leave the loader's rejection unhandled; the call's own error is what is thrown.
  schema.catch(() => undefined);
  const hasBody = input.body !== undefined;
  const { body } = await deskFetch<{ data?: unknown }>(routeUrl(def, input), {
    method: def.method,
    ...(hasBody ? { body: JSON.stringify(input.body), headers: { "Content-Type": "application/json" } } : {}),
    ...(input.signal ? { signal: input.signal } : {}),
  });
  return (await schema).parse(body?.data);
}
