import { queryOptions } from "@tanstack/react-query";
import { deskCall } from "@/lib/desk/client";
import { queryKeys } from "@/lib/query/keys";
import type { BatchInput } from "@/lib/query/batch-input-schema";

// Types only: the schema is the route's (lib/desk/routes.ts); browser code reaches it through the contract alone.
export type * from "@/lib/query/batch-input-schema";

/**
 * The batch list's request, shared by the page's prefetch and the list. It lives here, not in the client list: a
 * server page importing a value from a "use client" module gets a reference, and its prefetch would miss the key.
 */
export const JOB_LIST_INPUT = { query: { limit: 50 } };

/** GET /api/batches/[id]/input: the lines the desk kept for a job (null when it kept none). */
export function batchInputQueryOptions(jobId: string) {
  return queryOptions({
    queryKey: queryKeys.batches.input(jobId),
    queryFn: ({ signal }): Promise<BatchInput | null> => deskCall("getBatchInput", { params: { id: jobId }, signal }),
    staleTime: Infinity,
  });
}
