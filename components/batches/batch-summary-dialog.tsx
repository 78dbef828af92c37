"use client";

import { FileTextIcon } from "lucide-react";
import { SummaryMarkdownLazy as SummaryMarkdown } from "@/components/summaries/summary-markdown-lazy";
import { statusBadge } from "@/components/summaries/summary-status";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import type { BatchResultLine } from "@/lib/alpha/batch";
import { resultStatus, resultSummary } from "./batch-lines";

/** One result line's summary in full (loaded by BatchResults when a line is first opened, or pointed at). */
export function BatchSummaryDialog({ result, symbols, onClose }: { result: BatchResultLine | null; symbols: string[]; onClose: () => void }) {
  return (
    <Dialog open={result !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[85vh] overflow-y-auto sm:max-w-3xl" data-testid="batch-summary-dialog">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <FileTextIcon aria-hidden className="size-4 text-muted-foreground" />
            <span className="font-mono">{result?.custom_id}</span>
          </DialogTitle>
          <DialogDescription>
            {result ? statusBadge(resultStatus(result)).label : ""}
            {result?.response?.body?.details?.symbols_processed != null ? ` · ${result.response.body.details.symbols_processed} symbols processed` : ""}
          </DialogDescription>
        </DialogHeader>
        {result && <SummaryMarkdown markdown={resultSummary(result) ?? ""} symbols={symbols} />}
      </DialogContent>
    </Dialog>
  );
}
