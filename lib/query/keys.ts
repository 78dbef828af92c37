import type { EndpointId } from "@/lib/alpha/catalogue-meta";
import { endpointMeta } from "@/lib/alpha/catalogue-meta";
import { alphaCallKey, alphaKeys, canonicalCallOf } from "@/lib/query/alpha-keys";
import { deskKeys } from "@/lib/query/desk-keys";

/** The canonical form of a call, read from the whole catalogue (see canonicalCallOf, lib/query/alpha-keys.ts). */
export function canonicalCall(id: EndpointId, input: unknown): string {
  return canonicalCallOf(endpointMeta[id], input);
}

/** Every query key of the desk, built here only; components get keys from the queryOptions factories. */
export const queryKeys = {
  alpha: {
    ...alphaKeys,
    call: (id: EndpointId, input: unknown) => alphaCallKey(id, endpointMeta[id], input),
  },
  ...deskKeys,
};
