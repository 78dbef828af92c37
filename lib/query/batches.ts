import { queryOptions } from "@tanstack/react-query";
import { deskFetch, deskSend } from "@/lib/query/desk-fetch";
import { queryKeys } from "@/lib/query/keys";
import type { BatchInput, SaveBatchInput } from "@/lib/query/batch-input-schema";

export * from "@/lib/query/batch-input-schema";

/** GET /api/batches/[id]/input: the lines the desk kept for a job (null when it kept none). */
export function batchInputQueryOptions(jobId: string) {
  return queryOptions({
    queryKey: queryKeys.batches.input(jobId),
    queryFn: async ({ signal }) => (await deskFetch<{ data: BatchInput | null }>(`/api/batches/${encodeURIComponent(jobId)}/input`, { signal })).body.data,
    staleTime: Infinity,
  });
}

export async function saveBatchInput(jobId: string, input: SaveBatchInput): Promise<BatchInput> {
  return (await deskSend<{ data: BatchInput }>(`/api/batches/${encodeURIComponent(jobId)}/input`, "PUT", input)).data;
}
