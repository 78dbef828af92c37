"use client";

import type { EndpointId } from "@/lib/alpha/catalogue-meta";
import type { CallInput } from "@/lib/alpha/request";
import type { AlphaCallMeta } from "@/lib/query/alpha";
import { allAlphaCalls } from "@/lib/query/alpha";
import { CallMetaNoteWith, usePaidCallWith } from "./paid-call-core";

/**
 * Paid calls by endpoint id, with the whole catalogue's entries: components/paid/paid-call-core.tsx bound to every
 * endpoint. A page that calls a few endpoints uses the core with its own `alphaCalls` instead.
 */
export { fromCacheLabel, PaidButton, priceWords } from "./paid-call-core";

/**
 * One paid catalogue call behind a button: `request()` enables the query; an answer already in the browser's cache
 * (bought earlier this session) shows at once. A new input starts un-requested again.
 */
export function usePaidCall<K extends EndpointId>(id: K, input: CallInput<K>, options: { enabled?: boolean } = {}) {
  return usePaidCallWith(allAlphaCalls, id, input, options);
}

/** What a paid answer cost, or that it came from the desk's cache, with a paid refresh beside it. */
export function CallMetaNote<K extends EndpointId>(props: { id: K; input: CallInput<K>; meta: AlphaCallMeta; className?: string; what: string }) {
  return <CallMetaNoteWith calls={allAlphaCalls} {...props} />;
}
