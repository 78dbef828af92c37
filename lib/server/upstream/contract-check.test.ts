import { describe, expect, it } from "vitest";
import * as z from "zod";
import type { EndpointId } from "@/lib/alpha/catalogue";
import { catalogue } from "@/lib/alpha/catalogue";
import { sameJsonValue } from "@/lib/alpha/client";
import { mulberry32 } from "@/test/support/random";
import { makeAccount, startTestService } from "@/test/support/desk";
import { unchangedCheckOf } from "./contract-check";

/** What the check must agree with: zod's parse succeeds and gives the value back unchanged. */
function zodUnchanged(schema: z.ZodType, value: unknown): { success: boolean; unchanged: boolean } {
  const result = schema.safeParse(value);
  return { success: result.success, unchanged: result.success && sameJsonValue(value, result.data) };
}

/** The rule: a yes only when zod passes the value unchanged; a no for everything zod refuses. */
function expectAgrees(schema: z.ZodType, value: unknown, where: string): boolean {
  const passed = unchangedCheckOf(schema)(value);
  const zod = zodUnchanged(schema, value);
  if (passed) expect(zod.unchanged, `${where}: passed by the check, but zod ${zod.success ? "changes it" : "refuses it"}: ${JSON.stringify(value)?.slice(0, 300)}`).toBe(true);
  if (!zod.success) expect(passed, `${where}: refused by zod, passed by the check`).toBe(false);
  return passed;
}

type Def = { type: string; [key: string]: unknown };
const defOf = (s: unknown) => (s as { _zod: { def: Def } })._zod.def;

/** A JSON value drawn from a schema (mostly valid; what a generator cannot make valid is made plausibly). */
function sample(schema: unknown, random: () => number, depth = 0): unknown {
  const def = defOf(schema);
  const checks = (def.checks as { _zod: { def: { check: string; minimum?: number; format?: string } } }[] | undefined) ?? [];
  switch (def.type) {
    case "string": {
      const min = checks.find((c) => c._zod.def.check === "min_length")?._zod.def.minimum ?? 0;
      const pick = ["TCS", "₹ crore", "2026-11-24T10:00:00+05:30", "Zoë’s note", "x".repeat(Math.max(1, min))];
      return pick[Math.floor(random() * pick.length)]!;
    }
    case "number":
      return checks.some((c) => c._zod.def.format === "safeint") ? Math.floor(random() * 1000) : Math.round(random() * 100000) / 100;
    case "boolean":
      return random() < 0.5;
    case "null":
      return null;
    case "unknown":
    case "any":
      return depth > 3 ? 1 : { note: "kept", n: [1, 2] };
    case "enum":
    case "literal": {
      const values = [...((schema as { _zod: { values: Set<unknown> } })._zod.values ?? [])];
      return values[Math.floor(random() * values.length)];
    }
    case "nullable":
      return random() < 0.2 ? null : sample(def.innerType, random, depth);
    case "optional":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
      return sample(def.innerType, random, depth);
    case "array": {
      const n = depth > 3 ? 0 : Math.floor(random() * 3) + 1;
      return Array.from({ length: n }, () => sample(def.element, random, depth + 1));
    }
    case "union": {
      const options = def.options as unknown[];
      return sample(options[Math.floor(random() * options.length)], random, depth);
    }
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(def.shape as Record<string, unknown>)) {
        const optional = (field as { _zod: { optin?: string } })._zod.optin !== undefined;
        if (optional && random() < 0.3) continue;
        out[key] = sample(field, random, depth + 1);
      }
      if (def.catchall && random() < 0.3) out.extra_member = "added by a newer service";
      return out;
    }
    case "record":
      return { a: sample(def.valueType, random, depth + 1), b: sample(def.valueType, random, depth + 1) };
    case "pipe":
      return sample(def.in, random, depth);
    case "lazy":
      return sample((schema as { _zod: { innerType: unknown } })._zod.innerType, random, depth);
    default:
      return null;
  }
}

/** Every answer one edit away from `value`: a member dropped, nulled, of another type, emptied; an extra or `__proto__` key; … */
function mutations(value: unknown): unknown[] {
  const out: unknown[] = [];
  const replacements = (v: unknown): unknown[] => [null, "", "x", 0, 1.5, -1, true, [], {}, [v], { v }, "mixed", "ZZZ-not-listed"];
  const walk = (v: unknown, rebuild: (replacement: unknown, remove?: boolean) => unknown, depth: number) => {
    for (const r of replacements(v)) out.push(rebuild(r));
    out.push(rebuild(undefined, true));
    if (depth > 4) return;
    if (Array.isArray(v)) {
      v.slice(0, 2).forEach((item, i) =>
        walk(item, (r, remove) => rebuild(remove ? v.filter((_, j) => j !== i) : v.map((x, j) => (j === i ? r : x))), depth + 1),
      );
    } else if (v && typeof v === "object") {
      const record = v as Record<string, unknown>;
      out.push(rebuild({ ...record, unexpected_member: 1 }));
      out.push(rebuild(JSON.parse(`{"__proto__":{"polluted":true},${JSON.stringify(record).slice(1)}`.replace(",}", "}"))));
      for (const key of Object.keys(record)) {
        walk(record[key], (r, remove) => {
          const copy = { ...record };
          if (remove) delete copy[key];
          else copy[key] = r;
          return rebuild(copy);
        }, depth + 1);
      }
    }
  };
  walk(value, (r, remove) => (remove ? undefined : r), 0);
  return out.filter((v) => v !== undefined);
}

const jsonEndpoints = (Object.keys(catalogue) as EndpointId[]).filter((id) => catalogue[id].responseType !== "binary");

describe("the contract check without zod's second tree (unchangedCheckOf)", () => {
  it("never passes what zod refuses or would change, on values drawn from every endpoint's schema and their mutations", () => {
    const random = mulberry32(20261124); // the values are the same on every run
    let passed = 0;
    let checked = 0;
    for (const id of jsonEndpoints) {
      const schema = catalogue[id].response as z.ZodType;
      for (let n = 0; n < 4; n++) {
        const value = JSON.parse(JSON.stringify(sample(schema, random) ?? null)) as unknown;
        if (expectAgrees(schema, value, `${id} sample`)) passed++;
        for (const mutated of mutations(value)) {
          checked++;
          expectAgrees(schema, JSON.parse(JSON.stringify(mutated)) as unknown, `${id} mutated`);
        }
      }
    }
    expect(checked).toBeGreaterThan(5_000);
    // Not a check that always says no: most drawn values pass it.
    expect(passed).toBeGreaterThan(jsonEndpoints.length * 2);
  });

  it("passes the service's own answers of the feeds as they come, and refuses each of them mutated where zod does", async () => {
    // The embedded service on its seeded dataset, over HTTP as the desk calls it.
    const service = await startTestService();
    const { key } = makeAccount(service);
    const feeds: [EndpointId, string][] = [
      ["listNews", "/v1/news?limit=20"],
      ["listAlerts", "/v1/alerts?limit=20"],
      ["listBlockDeals", "/v1/block-deals?limit=20"],
      ["listAnnouncements", "/v1/announcements?limit=20"],
      ["listEarnings", "/v1/earnings?limit=20"],
      ["listConcalls", "/v1/concalls?limit=5"],
    ];
    for (const [id, path] of feeds) {
      const res = await fetch(`${service.url}${path}`, { headers: { "X-API-Key": key } });
      expect(res.status, path).toBe(200);
      const json = JSON.parse(await res.text()) as { data: unknown[] };
      const schema = catalogue[id].response as z.ZodType;
      expect(json.data.length, path).toBeGreaterThan(0);
      expect(expectAgrees(schema, json, path), `${path} passes unchanged`).toBe(true);
      for (const mutated of mutations(json).slice(0, 3_000)) expectAgrees(schema, mutated, `${path} mutated`);
    }
    await service.close();
  });

  it("decides like zod where zod chooses or changes: union order, stripped keys, defaults, strict objects, __proto__, checks", () => {
    const cases: [z.ZodType, unknown, boolean][] = [
      // The first option that succeeds is zod's answer: here it strips `b`, so the value is changed.
      [z.union([z.object({ a: z.string() }), z.looseObject({ a: z.string() })]), { a: "x", b: 1 }, false],
      [z.union([z.looseObject({ a: z.string() }), z.object({ a: z.string() })]), { a: "x", b: 1 }, true],
      [z.union([z.enum(["up", "down"]), z.string().min(1)]), "sideways", true],
      [z.union([z.enum(["up", "down"]), z.string().min(1)]), "", false],
      [z.object({ a: z.string() }), { a: "x", b: 1 }, false],
      [z.strictObject({ a: z.string() }), { a: "x", b: 1 }, false],
      [z.strictObject({ a: z.string() }), { a: "x" }, true],
      [z.looseObject({ a: z.string().default("d") }), {}, false],
      [z.looseObject({ a: z.string().default("d") }), { a: "x" }, true],
      [z.looseObject({ a: z.string().optional() }), {}, true],
      [z.looseObject({ a: z.string().nullish() }), { a: null }, true],
      [z.looseObject({ a: z.string() }), {}, false],
      [z.looseObject({ a: z.string() }), JSON.parse('{"a":"x","__proto__":{"p":1}}'), false],
      [z.union([z.looseObject({ a: z.string() }), z.unknown()]), JSON.parse('{"a":"x","__proto__":{"p":1}}'), false],
      [z.looseObject({ a: z.string().transform((s) => s.toUpperCase()) }), { a: "x" }, false],
      [z.looseObject({ a: z.string().transform((s) => s) }), { a: "x" }, true],
      [z.looseObject({ n: z.number().int() }), { n: 1.5 }, false],
      [z.looseObject({ n: z.number().int() }), { n: 2 }, true],
      [z.array(z.string()).max(1), ["a", "b"], false],
      [z.string().trim(), " a ", false],
      [z.string().email(), "not an address", false],
      [z.string().email(), "a@example.com", true],
      [z.record(z.string(), z.number()), { a: 1 }, true],
      [z.record(z.string(), z.number()), { a: "1" }, false],
    ];
    for (const [schema, value, expected] of cases) {
      expectAgrees(schema, value, JSON.stringify(value));
      expect(unchangedCheckOf(schema)(value), JSON.stringify(value)).toBe(expected);
    }
  });
});
