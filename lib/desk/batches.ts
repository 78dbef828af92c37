/** The input lines the desk keeps for a submitted batch job (pure zod, browser-safe). */
import * as z from "zod";
import { batchLineSchema } from "@/lib/alpha/batch";

/** GET /api/batches/[id]/input: the lines the server kept from the upload the upstream accepted. */
export const batchInputSchema = z.object({
  jobId: z.string(),
  displayName: z.string().nullable(),
  lineCount: z.number().int(),
  lines: z.array(batchLineSchema),
  createdAt: z.string(),
});
export type BatchInput = z.output<typeof batchInputSchema>;
