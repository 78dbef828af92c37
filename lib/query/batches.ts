import { queryOptions } from "@tanstack/react-query";
import { deskCall } from "@/lib/desk/client";
import { queryKeys } from "@/lib/query/keys";
import type { BatchInput } from "@/lib/query/batch-input-schema";

export * from "@/lib/query/batch-input-schema";

/** GET /api/batches/[id]/input: the lines the desk kept for a job (null when it kept none). */
export function batchInputQueryOptions(jobId: string) {
  return queryOptions({
    queryKey: queryKeys.batches.input(jobId),
    queryFn: ({ signal }): Promise<BatchInput | null> => deskCall("getBatchInput", { params: { id: jobId }, signal }),
    staleTime: Infinity,
  });
}
