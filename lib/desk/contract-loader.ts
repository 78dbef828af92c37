import { importOnce } from "@/lib/import-once";

/**
 * The desk's contract (its schemas), imported once; a failed import is tried again on the next call. A module of its
 * own so that warming it (lib/query/warm-contracts.ts, on every page) does not bring lib/desk/client.ts's route table.
 */
export const loadDeskContract = importOnce(() => import("./routes"));
