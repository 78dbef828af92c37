import { importOnce } from "@/lib/import-once";

/**
 * The part of the Alpha contract that needs the schemas (checking a request, parsing an answer), imported once; a
 * failed import is tried again on the next call. A module of its own so that warming it (lib/query/warm-contracts.ts,
 * on every page) does not bring lib/query/alpha.ts's catalogue and price tables into every page's first load.
 */
export const loadAlphaContract = importOnce(() => import("@/lib/query/alpha-contract"));
