/**
 * The subset of nuqs's parsers, loader and serializer the pages use, reading and writing what nuqs 2 does (the test
 * compares both). No React or browser API: the page's server component and the browser's hooks share these objects.
 */

export type HistoryMode = "replace" | "push";

/** Per-update options, as nuqs names them: history `replace` (default) or `push`; `shallow` (default true) keeps the
 * server components as they are, `shallow: false` asks the router to render them again; `scroll` to the top. */
export interface UrlOptions {
  history?: HistoryMode;
  shallow?: boolean;
  scroll?: boolean;
}

export interface Parser<T> extends UrlOptions {
  readonly type: "single";
  /** The value for one URL value; null (or a throw) when it is not one. */
  parse(value: string): T | null;
  serialize(value: T): string;
  eq(a: T, b: T): boolean;
  readonly defaultValue?: T;
  /** The value when the key is absent or refused; setting it (or null) removes the key from the URL. */
  withDefault(defaultValue: NonNullable<T>): ParserWithDefault<T>;
  withOptions(options: UrlOptions): this;
}

export interface ParserWithDefault<T> extends Parser<T> {
  readonly defaultValue: NonNullable<T>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a map of parsers of any value type, as nuqs's ParserMap
export type ParserMap = Record<string, Parser<any>>;

/** What a parser gives for a URL: its default when it has one, else the value or null. */
export type ParserValue<P> = P extends { readonly defaultValue: infer D } ? NonNullable<D> : P extends Parser<infer T> ? T | null : never;
export type Values<M extends ParserMap> = { [K in keyof M]: ParserValue<M[K]> };
/** What a setter takes per key: a value, null to remove it, undefined (or absent) to leave it. */
export type Patch<M extends ParserMap> = { [K in keyof M]?: ParserValue<M[K]> | null };

export function createParser<T>(parser: { parse: (value: string) => T | null; serialize: (value: T) => string; eq?: (a: T, b: T) => boolean }): Parser<T> {
  const base: Parser<T> = {
    type: "single",
    eq: (a, b) => a === b,
    ...parser,
    withDefault(defaultValue) {
      return { ...this, defaultValue } as ParserWithDefault<T>;
    },
    withOptions(options) {
      return { ...this, ...options };
    },
  };
  return base;
}

/** A parser's verdict on one URL value: what it returns, null when it refuses or throws (never a throw). */
export function safeParse<T>(parse: (value: string) => T | null, value: string): T | null {
  try {
    return parse(value) ?? null;
  } catch {
    return null;
  }
}

export const parseAsString = createParser<string>({ parse: (v) => v, serialize: String });

/** `true` reads as true in any case, any other word as false (nuqs's reading). */
export const parseAsBoolean = createParser<boolean>({ parse: (v) => v.toLowerCase() === "true", serialize: String });

export function parseAsStringLiteral<const L extends readonly string[]>(values: L): Parser<L[number]> {
  return createParser<L[number]>({ parse: (v) => (values.includes(v) ? v : null), serialize: String });
}

/** Items joined by `separator`; a separator inside an item is written percent-encoded. Refused items are dropped. */
export function parseAsArrayOf<T>(item: Parser<T>, separator = ","): Parser<T[]> {
  const encoded = encodeURIComponent(separator);
  return createParser<T[]>({
    parse: (query) => {
      if (query === "") return [];
      const out: T[] = [];
      for (const piece of query.split(separator)) {
        const v = safeParse(item.parse, piece.replaceAll(encoded, separator));
        if (v !== null && v !== undefined) out.push(v);
      }
      return out;
    },
    serialize: (values) => values.map((v) => item.serialize(v).replaceAll(separator, encoded)).join(separator),
    eq: (a, b) => a === b || (a.length === b.length && a.every((v, i) => item.eq(v, b[i] as T))),
  });
}

/** One key's value in a set of search params: its first value parsed, else the default, else null. */
export function readValue<T>(parser: Parser<T>, raw: string | null): T | null {
  const parsed = raw === null ? null : safeParse(parser.parse, raw);
  return parsed ?? parser.defaultValue ?? null;
}

export function readValues<M extends ParserMap>(parsers: M, search: { get(key: string): string | null }): Values<M> {
  const out: Record<string, unknown> = {};
  for (const [key, parser] of Object.entries(parsers)) out[key] = readValue(parser, search.get(key));
  return out as Values<M>;
}

type LoaderInput = URLSearchParams | string | Record<string, string | string[] | undefined>;

function toSearchParams(input: LoaderInput): URLSearchParams {
  if (input instanceof URLSearchParams) return input;
  if (typeof input === "string") return URL.canParse(input) ? new URL(input).searchParams : new URLSearchParams(input);
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (Array.isArray(value)) for (const v of value) out.append(key, v);
    else if (value !== undefined) out.set(key, value);
  }
  return out;
}

/** The server's reading of a page's `searchParams` (or a query string, or URLSearchParams): as the browser's hooks read it. */
export function createLoader<M extends ParserMap>(parsers: M): (input: LoaderInput) => Values<M> {
  return (input) => readValues(parsers, toSearchParams(input));
}

/**
 * Writes a patch over `search` (mutated and returned): null, or a value equal to the parser's default, removes the
 * key; undefined leaves it; anything else is serialised.
 */
export function applyPatch<M extends ParserMap>(search: URLSearchParams, parsers: M, patch: Patch<M>): URLSearchParams {
  for (const [key, parser] of Object.entries(parsers)) {
    if (!Object.hasOwn(patch, key)) continue;
    const value = patch[key];
    if (value === undefined) continue;
    if (value === null || (parser.defaultValue !== undefined && parser.eq(value, parser.defaultValue))) search.delete(key);
    else search.set(key, parser.serialize(value));
  }
  return search;
}

/** A query string as nuqs renders it (`?a=1&b=x,y`, or "" when empty): only what would break the URL is encoded. */
export function renderQueryString(search: URLSearchParams): string {
  const parts: string[] = [];
  for (const [key, value] of search) {
    const safeKey = key.replace(/#/g, "%23").replace(/&/g, "%26").replace(/\+/g, "%2B").replace(/=/g, "%3D").replace(/\?/g, "%3F");
    parts.push(`${safeKey}=${encodeQueryValue(value)}`);
  }
  return parts.length ? `?${parts.join("&")}` : "";
}

function encodeQueryValue(input: string): string {
  return input
    .replace(/%/g, "%25")
    .replace(/\+/g, "%2B")
    .replace(/ /g, "+")
    .replace(/#/g, "%23")
    .replace(/&/g, "%26")
    .replace(/"/g, "%22")
    .replace(/'/g, "%27")
    .replace(/`/g, "%60")
    .replace(/</g, "%3C")
    .replace(/>/g, "%3E")
    .replace(/[\x00-\x1F]/g, (char) => encodeURIComponent(char));
}

/** A link's query for some values (over an optional base path or query), as the hooks would write it. */
export function createSerializer<M extends ParserMap>(parsers: M): (baseOrValues: string | Patch<M>, values?: Patch<M>) => string {
  return (baseOrValues, values) => {
    if (typeof baseOrValues !== "string") return renderQueryString(applyPatch(new URLSearchParams(), parsers, baseOrValues));
    const [pathAndSearch = "", ...hashParts] = baseOrValues.split("#");
    const hash = hashParts.length ? `#${hashParts.join("#")}` : "";
    const [path = "", ...search] = pathAndSearch.split("?");
    return path + renderQueryString(applyPatch(new URLSearchParams(search.join("?")), parsers, values ?? {})) + hash;
  };
}
