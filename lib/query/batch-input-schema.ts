/** The input lines the desk keeps for a submitted batch job (pure zod, browser-safe). */
import { z } from "zod";
import { BATCH_MAX_LINES, batchLineSchema } from "@/lib/alpha/batch";
import type { BatchLine } from "@/lib/alpha/batch";

/** PUT /api/batches/[id]/input: the checked lines of a job just submitted. */
export const saveBatchInputSchema = z.object({
  display_name: z.string().trim().max(200).nullish(),
  lines: z.array(batchLineSchema).min(1).max(BATCH_MAX_LINES),
});
export type SaveBatchInput = z.input<typeof saveBatchInputSchema>;

export interface BatchInput {
  jobId: string;
  displayName: string | null;
  lineCount: number;
  lines: BatchLine[];
  createdAt: string;
}
