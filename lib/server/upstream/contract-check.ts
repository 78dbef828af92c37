/**
 * Whether a JSON value passes a response schema unchanged, compiled once per schema and allocating nothing: zod's parse
 * builds a second tree to compare. It says yes only when certain; anything else goes to zod (contract-check.test.ts).
 */
import type { z } from "zod";
import { sameJsonValue } from "@/lib/alpha/client";

/** A checker: true only when the schema's parse of `value` succeeds and gives `value` back unchanged. */
export type UnchangedCheck = (value: unknown) => boolean;

// zod's internals as this module reads them (zod v4's `_zod`); anything unexpected is left to zod itself.
interface ZodInternals {
  def: {
    type: string;
    checks?: { _zod: { def: { check: string }; check: (payload: { value: unknown; issues: unknown[] }) => unknown } }[];
    coerce?: boolean;
    format?: string;
    innerType?: Zodish;
    element?: Zodish;
    options?: Zodish[];
    shape?: Record<string, Zodish>;
    catchall?: Zodish;
    discriminator?: unknown;
    inclusive?: boolean;
  };
  optin?: "optional" | "defaulted";
  optout?: "optional";
  values?: Set<unknown>;
}
interface Zodish {
  _zod: ZodInternals;
}

/** Checks that only read the value (never rewrite it): run as zod runs them, on a value of the right type. */
const READ_ONLY_CHECKS = new Set(["min_length", "max_length", "length_equals", "number_format", "greater_than", "less_than", "multiple_of"]);

function hasObjectPrototype(value: object): boolean {
  return Object.getPrototypeOf(value) === Object.prototype;
}

/** zod itself, for a part this module does not decide: its parse succeeds and gives the value back. */
function byZod(schema: Zodish): UnchangedCheck {
  const zod = schema as unknown as z.ZodType;
  return (value) => {
    const result = zod.safeParse(value);
    return result.success && sameJsonValue(value, result.data);
  };
}

/** The schema's checks (read-only ones only) run after the type check; null when one of them is of another kind. */
function withChecks(schema: Zodish, typeCheck: UnchangedCheck): UnchangedCheck | null {
  const checks = schema._zod.def.checks ?? [];
  if (checks.length === 0) return typeCheck;
  if (!checks.every((c) => READ_ONLY_CHECKS.has(c._zod.def.check))) return null;
  return (value) => {
    if (!typeCheck(value)) return false;
    for (const c of checks) {
      const payload = { value, issues: [] as unknown[] };
      c._zod.check(payload);
      if (payload.issues.length > 0 || payload.value !== value) return false;
    }
    return true;
  };
}

const compiled = new WeakMap<object, UnchangedCheck>();

/** The checker of a schema, compiled on first use and kept with it. */
export function unchangedCheckOf(schema: z.ZodType): UnchangedCheck {
  return compile(schema as unknown as Zodish);
}

function compile(schema: Zodish): UnchangedCheck {
  let check = compiled.get(schema);
  if (check) return check;
  // A recursive schema reaches itself again while compiling: the inner use goes through the table once it is filled.
  compiled.set(schema, (value) => (compiled.get(schema) ?? byZod(schema))(value));
  check = build(schema) ?? byZod(schema);
  compiled.set(schema, check);
  return check;
}

/** The checker of one node, or null when zod must decide it. */
function build(schema: Zodish): UnchangedCheck | null {
  const internals = schema?._zod;
  if (!internals?.def) return null;
  const { def } = internals;
  if (def.coerce) return null;
  switch (def.type) {
    case "string":
      // A format (email, url, regex…) is a check of its own kind: left to zod.
      if (def.format !== undefined) return null;
      return withChecks(schema, (v) => typeof v === "string");
    case "number":
      return withChecks(schema, (v) => typeof v === "number" && Number.isFinite(v));
    case "boolean":
      return withChecks(schema, (v) => typeof v === "boolean");
    case "null":
      return withChecks(schema, (v) => v === null);
    case "unknown":
    case "any":
      return withChecks(schema, () => true);
    case "enum":
    case "literal": {
      const values = internals.values;
      if (!values) return null;
      return withChecks(schema, (v) => values.has(v));
    }
    case "nullable": {
      if (!def.innerType || def.checks?.length) return null;
      const inner = compile(def.innerType);
      return (v) => v === null || inner(v);
    }
    case "optional":
    case "default":
    case "prefault": {
      // A present value goes to the inner schema as it is; an absent key is decided by the object (see objectCheck).
      if (!def.innerType || def.checks?.length) return null;
      const inner = compile(def.innerType);
      return (v) => v !== undefined && inner(v);
    }
    case "array": {
      if (!def.element) return null;
      const element = compile(def.element);
      return withChecks(schema, (v) => {
        if (!Array.isArray(v)) return false;
        for (let i = 0; i < v.length; i++) if (!element(v[i])) return false;
        return true;
      });
    }
    case "union": {
      // zod answers with the first option that succeeds. So option i's answer is the union's when every earlier option
      // fails: checked with zod itself, and only when an earlier option did not pass the value unchanged (rare: the
      // first option mostly passes it). A discriminated or exclusive union chooses otherwise: left to zod.
      if (!def.options?.length || def.discriminator !== undefined || def.inclusive === false || def.checks?.length) return null;
      const zodOptions = def.options as unknown as z.ZodType[];
      const options = def.options.map(compile);
      return (v) => {
        for (let i = 0; i < options.length; i++) {
          if (!options[i]!(v)) continue;
          for (let j = 0; j < i; j++) if (zodOptions[j]!.safeParse(v).success) return false;
          return true;
        }
        return false;
      };
    }
    case "object":
      return objectCheck(schema);
    default:
      return null;
  }
}

/**
 * An object: each key of the shape checked (present: its schema passes the value unchanged; absent: its schema lets
 * it stay absent), then the other keys as the object treats them: kept (loose: `z.looseObject`, any value; or another
 * catchall, its schema), refused (strict) or dropped (plain `z.object`, which changes the value, so a "no").
 */
function objectCheck(schema: Zodish): UnchangedCheck | null {
  const { def } = schema._zod;
  if (!def.shape || def.checks?.length) return null;
  const keys = Object.keys(def.shape);
  // zod asks `key in input`: a key named like one of Object.prototype's would be "present" on every object.
  if (keys.some((k) => k in Object.prototype) || Object.getOwnPropertySymbols(def.shape).length > 0) return null;
  const fields = keys.map((key) => {
    const field = def.shape![key]!;
    // Left absent, the key stays absent only for a schema that is optional both ways (zod adds nothing for it).
    const mayBeAbsent = field._zod.optin === "optional" && field._zod.optout === "optional";
    return { key, check: compile(field), mayBeAbsent };
  });
  const catchallType = def.catchall?._zod.def.type;
  const rest: "any" | "none" | UnchangedCheck =
    def.catchall === undefined || catchallType === "never" ? "none" : catchallType === "unknown" || catchallType === "any" ? "any" : compile(def.catchall);
  const known = new Set(keys);
  return (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v) || !hasObjectPrototype(v)) return false;
    // JSON.parse makes `__proto__` an own key; zod never copies it into its answer.
    if (Object.hasOwn(v, "__proto__")) return false;
    const record = v as Record<string, unknown>;
    for (const { key, check, mayBeAbsent } of fields) {
      if (Object.hasOwn(record, key)) {
        if (!check(record[key])) return false;
      } else if (!mayBeAbsent) return false;
    }
    if (rest === "any") return true;
    if (rest === "none") {
      // Strict: another key is refused; stripping: it would be dropped. Either way not unchanged.
      for (const key in record) if (!known.has(key)) return false;
      return true;
    }
    for (const key in record) if (!known.has(key) && !rest(record[key])) return false;
    return true;
  };
}
