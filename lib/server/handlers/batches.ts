import "server-only";
/**
 * Batch input routes (the job's owner only):
 * - GET /api/batches/[id]/input → { data: BatchInput | null }
 */
import { AlphaError } from "@/lib/alpha/errors";
import { getBatchInput } from "../money/batch-inputs";
import type { UserRouteArgs } from "../http/route";

function jobIdOf(params: UserRouteArgs["params"]): string {
  const id = params.id;
  if (typeof id !== "string" || id === "" || id.length > 64) throw new AlphaError("not_found", "No such batch job");
  return id;
}

export async function handleGetBatchInput({ ctx, user, params }: UserRouteArgs) {
  return { data: await getBatchInput({ user, jobId: jobIdOf(params), ctx }) };
}
