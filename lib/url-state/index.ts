/**
 * `useQueryState(s)` with nuqs's API and semantics for the subset the pages use, in 1.7 kB (docs/primitives.md lists
 * what is kept). Reads Next's `useSearchParams`; writes with `history.replaceState`/`pushState`, which Next follows, so
 * an update is shallow. One tick's updates make one URL; nuqs's throttle is a fixed 50 ms here.
 */
"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useSyncExternalStore } from "react";
import { applyPatch, type HistoryMode, type ParserMap, type ParserValue, type Parser, type Patch, readValues, type UrlOptions, type Values } from "./parsers";
import { baseSearch, getPending, getServerPending, noteRouterSearch, settle, subscribe, writeUpdate } from "./store";

export * from "./parsers";

/** The search params the page shows now: the router's, or the last update's while the router catches up. */
function useCurrentSearch(): URLSearchParams | { get(key: string): string | null } {
  const routerSearch = useSearchParams();
  const path = usePathname();
  const mine = useSyncExternalStore(subscribe, getPending, getServerPending);
  const routerKey = routerSearch.toString();
  useEffect(() => {
    noteRouterSearch(routerKey);
    settle(mine, path, routerKey);
  }, [mine, path, routerKey]);
  return mine && mine.path === path ? mine.search : routerSearch;
}

export type SetValues<M extends ParserMap> = (
  values: Patch<M> | ((current: Values<M>) => Patch<M>) | null,
  options?: UrlOptions,
) => Promise<URLSearchParams>;

/** Several keys of the URL as one state object, and a setter taking a patch of them. */
export function useQueryStates<M extends ParserMap>(parsers: M, options: UrlOptions = {}): [Values<M>, SetValues<M>] {
  const search = useCurrentSearch();
  const router = useRouter();
  const keys = Object.keys(parsers);
  // Parsed again only when one of the hook's own keys changes, so arrays and objects keep their identity.
  const raw = JSON.stringify(keys.map((k) => search.get(k)));
  // The parsers' options decide where a write goes; their signature (not their identity: callers build them
  // inline) keys the setter, so it stays the same function across renders like nuqs's.
  const signature = JSON.stringify([keys, keys.map((k) => [parsers[k]?.history, parsers[k]?.shallow, parsers[k]?.scroll]), options.history, options.shallow, options.scroll]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `raw` is the hook's part of the URL; the parsers are keyed by name
  const values = useMemo(() => readValues(parsers, search), [raw, signature]);

  const setValues = useCallback<SetValues<M>>(
    (update, callOptions = {}) => {
      const base = baseSearch();
      const current = readValues(parsers, base);
      const patch: Patch<M> =
        update === null ? (Object.fromEntries(keys.map((k) => [k, null])) as Patch<M>) : typeof update === "function" ? update(current) : update;
      const next = applyPatch(new URLSearchParams(base), parsers, patch);
      // Options: the call's, then the parsers' of the keys written (push, non-shallow or scroll wins), then the
      // hook's, then nuqs's defaults.
      const fromParsers = keys.filter((k) => patch[k] !== undefined).map((k) => parsers[k]!);
      const history: HistoryMode =
        callOptions.history ??
        (fromParsers.some((p) => p.history === "push") ? "push" : fromParsers.some((p) => p.history === "replace") ? "replace" : (options.history ?? "replace"));
      const shallow =
        callOptions.shallow ??
        (fromParsers.some((p) => p.shallow === false) ? false : fromParsers.some((p) => p.shallow === true) ? true : (options.shallow ?? true));
      const scroll = callOptions.scroll ?? (fromParsers.some((p) => p.scroll === true) ? true : fromParsers.some((p) => p.scroll === false) ? false : (options.scroll ?? false));
      return writeUpdate(next, { history, shallow, scroll }, router);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see `signature`
    [signature, router],
  );
  return [values, setValues];
}

/** One key of the URL: `[value, setValue]`; null (or the default) removes it. */
export function useQueryState<P extends Parser<unknown>>(
  key: string,
  parser: P,
): [ParserValue<P>, (value: ParserValue<P> | null | ((current: ParserValue<P>) => ParserValue<P> | null), options?: UrlOptions) => Promise<URLSearchParams>] {
  const map = useMemo(() => ({ [key]: parser }), [key, parser]) as Record<string, P>;
  const [values, setValues] = useQueryStates(map);
  const setValue = useCallback(
    (value: ParserValue<P> | null | ((current: ParserValue<P>) => ParserValue<P> | null), options?: UrlOptions) =>
      setValues(
        (current) => ({ [key]: typeof value === "function" ? (value as (c: ParserValue<P>) => ParserValue<P> | null)(current[key] as ParserValue<P>) : value }) as Patch<Record<string, P>>,
        options,
      ),
    [key, setValues],
  );
  return [values[key] as ParserValue<P>, setValue];
}
