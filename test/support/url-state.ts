/** The `searchParams` object a Next.js page gets for a query string: a repeated parameter becomes an array. */
export function pageSearchParams(query: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(query)) {
    const had = out[key];
    out[key] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value];
  }
  return out;
}

/**
 * What `useQueryStates(parsers)` holds for a query string in the browser (lib/url-state's readValues, as nuqs's parseMap, then the defaults): each
 * key's first value (single-value parsers, all the pages use) from the location's search params, parsed, null when the parser refuses or throws, then the
 * parser's default. Written out here, not through createLoader, which is what the pages use on the server.
 */
export function browserState(parsers: Record<string, { parse(value: string): unknown; defaultValue?: unknown }>, query: string): Record<string, unknown> {
  const search = new URLSearchParams(query);
  return Object.fromEntries(
    Object.entries(parsers).map(([key, parser]) => {
      const value = search.get(key);
      let parsed: unknown = null;
      if (value !== null) {
        try {
          parsed = parser.parse(value);
        } catch {
          parsed = null;
        }
      }
      return [key, parsed ?? parser.defaultValue ?? null];
    }),
  );
}
