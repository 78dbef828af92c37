/**
 * The browser's way to the desk's own routes: `deskCall(id, { params?, query?, body?, signal? })` builds the URL from
 * the contract's path, sends the body as JSON, and parses the `{ data }` answer with the route's output schema, so a
 * shape that drifted fails here, loudly, instead of being cast. Errors are AlphaErrors (see lib/query/desk-fetch.ts).
 */
import type { z } from "zod";
import { deskFetch } from "@/lib/query/desk-fetch";
import type { DeskOutput, DeskRouteId } from "./routes";
import { deskRoutes } from "./routes";

export interface DeskCallInput {
  params?: Record<string, string>;
  query?: Record<string, string | string[] | undefined>;
  body?: unknown;
  signal?: AbortSignal;
}

/** The concrete URL of a route: `[name]` segments filled in (encoded), the query appended. */
export function deskUrl(id: DeskRouteId, input: Pick<DeskCallInput, "params" | "query"> = {}): string {
  const path = deskRoutes[id].path.replace(/\[(\w+)\]/g, (_m, name: string) => {
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

export async function deskCall<Id extends DeskRouteId>(id: Id, input: DeskCallInput = {}): Promise<DeskOutput<Id>> {
  const def = deskRoutes[id];
  const hasBody = input.body !== undefined;
  const { body } = await deskFetch<{ data?: unknown }>(deskUrl(id, input), {
    method: def.method,
    ...(hasBody ? { body: JSON.stringify(input.body), headers: { "Content-Type": "application/json" } } : {}),
    ...(input.signal ? { signal: input.signal } : {}),
  });
  return (def.output as z.ZodType).parse(body?.data) as DeskOutput<Id>;
}
