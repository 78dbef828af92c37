"use client";

import { useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/toast";
import { useConfirmSpend } from "@/components/paid/confirm-spend";
import type { BatchJob, BatchLine } from "@/lib/alpha/batch";
import { useAlphaMutation } from "@/lib/query/alpha-core";
import { alphaKeys } from "@/lib/query/alpha-keys";
import { priceBatchJob } from "@/lib/query/batches";
import { deskKey } from "@/lib/query/desk";
import { toJsonl } from "./batch-lines";

export interface SubmitBatchArgs {
  lines: BatchLine[];
  displayName: string;
  fileName: string;
  /** `X-Alpha-Content-Retention: none`: the service keeps no content, and the desk keeps no input lines. */
  optOut: boolean;
}

/**
 * Submits checked lines as a batch job (multipart through the proxy), after the price check: the most the job can
 * cost, confirmed above the user's threshold. The desk server keeps the lines it uploaded, keyed by the job's id, so
 * its failed lines can be sent again. Resolves the job, or null when the user declined the price.
 */
export function useSubmitBatch() {
  const client = useQueryClient();
  const { confirmSpend, dialog } = useConfirmSpend();
  const plain = useAlphaMutation("createBatchJob", { invalidate: [alphaKeys.endpoint("listBatchJobs")] });
  const optedOut = useAlphaMutation("createBatchJob", { invalidate: [alphaKeys.endpoint("listBatchJobs")], retention: "none" });

  async function submit(args: SubmitBatchArgs): Promise<BatchJob | null> {
    const price = priceBatchJob(args.lines.length);
    const ok = await confirmSpend(
      { credits: price.credits, upTo: !price.exact, description: price.description },
      `Submit a batch job of ${args.lines.length} ${args.lines.length === 1 ? "line" : "lines"}.`,
    );
    if (!ok) return null;
    const mutation = args.optOut ? optedOut : plain;
    const result = await mutation.mutateAsync({
      body: { file: toJsonl(args.lines), filename: args.fileName, ...(args.displayName.trim() ? { display_name: args.displayName.trim() } : {}) },
    });
    const job = result.item;
    // The server kept the lines from the upload the service accepted (recordId); the browser never sends them back.
    if (!args.optOut) {
      if (result.meta.recordId) void client.invalidateQueries({ queryKey: deskKey("getBatchInput", { params: { id: job.id } }) });
      else toast.warning("The job was submitted, but the desk could not keep its lines: its failed lines cannot be sent again from here.");
    }
    return job;
  }

  return { submit, dialog, pending: plain.isPending || optedOut.isPending };
}
