import * as z from "zod";
import { describe, expect, it } from "vitest";
import { catalogue, endpointIds as catalogueIds } from "./catalogue";
import { endpointIds, endpointMeta, type EndpointMeta } from "./catalogue-meta";

/** The fields of a query (or body) schema, through the pipe a refinement or transform may have wrapped it in. */
function shapeOf(schema: unknown): Record<string, z.ZodType> | null {
  if (schema instanceof z.ZodObject) return schema.shape as Record<string, z.ZodType>;
  if (schema instanceof z.ZodPipe) return shapeOf(schema.in);
  return null;
}

describe("the catalogue's two halves (catalogue-meta.ts, zod-free; catalogue.ts, the schemas) agree", () => {
  it("name the same endpoints, in the same order", () => {
    expect(endpointIds).toEqual(catalogueIds);
  });

  it.each(catalogueIds)("%s: same method, path, product, cost, freshness, scope and body/answer kinds", (id) => {
    const def = catalogue[id];
    const meta: EndpointMeta = endpointMeta[id];
    expect({
      method: meta.method,
      path: meta.path,
      product: meta.product,
      cost: meta.cost,
      freshnessSeconds: meta.freshnessSeconds ?? 0,
      scope: meta.scope ?? "account",
      responseType: meta.responseType ?? "json",
      bodyType: meta.bodyType ?? null,
    }).toEqual({
      method: def.method,
      path: def.path,
      product: def.product,
      cost: def.cost,
      freshnessSeconds: def.freshnessSeconds,
      scope: def.scope,
      responseType: def.responseType,
      bodyType: def.bodyType,
    });
  });

  it.each(catalogueIds)("%s: same query defaults and limit ceiling as its query schema", (id) => {
    const meta: EndpointMeta = endpointMeta[id];
    const shape = shapeOf(catalogue[id].query);
    expect(meta.queryDefaults !== undefined).toBe(catalogue[id].query !== undefined);
    const defaults: Record<string, unknown> = {};
    let maxLimit: number | undefined;
    for (const [name, field] of Object.entries(shape ?? {})) {
      const left = field.safeParse(undefined);
      if (left.success && left.data !== undefined) defaults[name] = left.data;
      if (name === "limit") {
        maxLimit = meta.maxLimit;
        expect(maxLimit, "a query with a limit names its ceiling").toBeDefined();
        expect(field.safeParse(maxLimit).success).toBe(true);
        expect(field.safeParse((maxLimit ?? 0) + 1).success).toBe(false);
      }
    }
    if (shape) expect(meta.queryDefaults).toEqual(defaults);
    expect(meta.maxLimit).toBe(maxLimit);
  });
});
