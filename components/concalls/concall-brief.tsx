"use client";

import { useQuery } from "@tanstack/react-query";
import { FileDownIcon, NotebookPenIcon } from "lucide-react";
import { useState } from "react";
import { CopyButton } from "@/components/shell/copy-button";
import { ErrorState } from "@/components/shell/error-state";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { deskUrl } from "@/lib/desk/client";
import * as api from "@/lib/desk/route-meta/concalls";
import { formatQuarterKey, parseQuarterKey, previousQuarter } from "@/lib/alpha/quarters";
import { formatQuarter } from "@/lib/format/quarter";
import { deskQuery } from "@/lib/query/desk";

/** A text made to be forwarded (a brief, a roundup): shown as it will be sent, copied, or downloaded as its PDF. */
export function ForwardableText({ text, name, pdfHref, className }: { text: string; name: "brief" | "roundup"; pdfHref: string; className: string }) {
  return (
    <>
      <pre className={`overflow-auto rounded-md bg-muted p-3 font-sans text-sm leading-relaxed whitespace-pre-wrap ${className}`} data-testid={`${name}-text`} tabIndex={0}>
        {text}
      </pre>
      <div className="flex flex-wrap gap-2">
        <CopyButton text={text} label="Copy text" testId={`copy-${name}`} />
        <Button asChild size="sm" variant="outline">
          <a href={pdfHref} download data-testid={`${name}-pdf`}>
            <FileDownIcon aria-hidden />
            Download PDF
          </a>
        </Button>
      </div>
    </>
  );
}

function previousKey(quarter: string): string {
  const q = parseQuarterKey(quarter);
  return q ? formatQuarterKey(previousQuarter(q)) : quarter;
}

/**
 * A brief of the call to forward: made by the desk from the analysis it holds (and the transcript, when held), with what
 * changed since the quarter before, at 0 credits; as text to copy or as a one-page PDF.
 */
export function ConcallBriefPanel({ symbol, quarter }: { symbol: string; quarter: string }) {
  const [asked, setAsked] = useState(false);
  const input = { query: { symbol, quarter } };
  const brief = useQuery({ ...deskQuery(api.getConcallBrief, input), enabled: asked });
  return (
    <section aria-labelledby="brief-h" className="grid grid-cols-1 gap-3 rounded-lg border p-4" data-testid="concall-brief">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="brief-h" className="text-base font-semibold">
          Brief to forward
        </h3>
        {!asked && (
          <Button size="sm" variant="outline" onClick={() => setAsked(true)} data-testid="make-brief">
            <NotebookPenIcon aria-hidden />
            Make a brief · 0 credits
          </Button>
        )}
      </div>
      <p className="max-w-prose text-sm text-muted-foreground">
        Guidance verbatim, red flags, indicators and what changed since the {formatQuarter(previousKey(quarter))} call, each line with its
        reference, from what the desk already holds. Nothing is charged.
      </p>
      {asked && brief.isPending && <Skeleton className="h-40 w-full" aria-busy="true" aria-label="Making the brief" />}
      {brief.isError && <ErrorState error={brief.error} />}
      {brief.data && <ForwardableText text={brief.data.text} name="brief" pdfHref={deskUrl(api.downloadConcallBrief, input)} className="max-h-[28rem]" />}
    </section>
  );
}
