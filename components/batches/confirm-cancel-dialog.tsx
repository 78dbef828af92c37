"use client";

import { ConfirmDialog } from "@/components/shell/confirm-dialog";
import { unitCredits } from "@/lib/alpha/costs";
import { formatCredits, formatNumber } from "@/lib/format/number";

/** "Cancel this job?" before a running batch job is cancelled (loaded by BatchJobView when first asked for). */
export function ConfirmCancelDialog({ open, onOpenChange, remaining, onConfirm }: { open: boolean; onOpenChange: (open: boolean) => void; remaining: number; onConfirm: () => void }) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      testId="confirm-cancel"
      title="Cancel this job?"
      description={
        <>
          About {formatNumber(remaining)} remaining {remaining === 1 ? "line" : "lines"} will not run and will not be charged; a few more may finish while the cancel
          reaches the job, and you will see the real count after. The {formatCredits(unitCredits("createBatchJob").credits)} to submit and the summaries generated stay charged, and their
          results stay available to download. This cannot be undone.
        </>
      }
      cancel="Keep running"
      confirm="Cancel job"
      destructive
      onConfirm={onConfirm}
    />
  );
}
