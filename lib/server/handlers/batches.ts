import "server-only";
/**
 * Batch input routes (the job's owner only):
 * - PUT /api/batches/[id]/input { display_name?, lines } → { data: BatchInput } (the job must belong to the user's key)
 * - GET /api/batches/[id]/input → { data: BatchInput | null }
 */
import { AlphaError } from "@/lib/alpha/errors";
import { BATCH_MAX_FILE_BYTES } from "@/lib/alpha/batch";
import type { SaveBatchInput } from "@/lib/query/batch-input-schema";
import { getBatchInput, saveBatchInput } from "../batch-inputs";
import type { UserRouteArgs } from "../route";
import { readJsonBody } from "../route";

function jobIdOf(params: UserRouteArgs["params"]): string {
  const id = params.id;
  if (typeof id !== "string" || id === "" || id.length > 64) throw new AlphaError("not_found", "No such batch job");
  return id;
}

export async function handleSaveBatchInput({ ctx, user, params, request }: UserRouteArgs) {
  // The lines of a file up to the upload limit, re-serialised: allow some room over the file size.
  const body = (await readJsonBody(request, BATCH_MAX_FILE_BYTES * 2)) as SaveBatchInput;
  return { data: await saveBatchInput(user, jobIdOf(params), body, ctx) };
}

export async function handleGetBatchInput({ ctx, user, params }: UserRouteArgs) {
  return { data: await getBatchInput(user, jobIdOf(params), ctx) };
}
