"use client";

import { useQuery } from "@tanstack/react-query";
import { ExternalLinkIcon, FileTextIcon } from "lucide-react";
import * as React from "react";
import { PaidButton } from "@/components/paid/paid-call-core";
import { alphaPrice, alphaQueryOptions } from "@/lib/query/alpha";
import { formatIstTime } from "@/lib/format/time";

/**
 * The filing's own document (the exchange PDF) through GET /v1/announcements/attachments, only when asked: charged only
 * when a document is ready, and a link still valid is handed out again by the desk at 0 credits.
 */
export function FilingDocument({ id, title }: { id: string; title: string }) {
  const input = { query: { ids: [id] } };
  const [requested, setRequested] = React.useState(false);
  const query = useQuery({ ...alphaQueryOptions("listAnnouncementAttachments", input), enabled: requested });
  const price = alphaPrice("listAnnouncementAttachments", input);
  const item = query.data?.items[0];

  if (!item) {
    return (
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <PaidButton price={price} what={`Get the link to the filing document of ${title}.`} onRun={() => setRequested(true)} pending={query.isFetching} variant="outline" size="sm" testId="filing-document">
          <FileTextIcon aria-hidden />
          Filing document
        </PaidButton>
        {query.isError && <span className="text-xs text-destructive">{query.error.message}</span>}
      </div>
    );
  }
  if (item.status === "ready" && item.url) {
    const expiresAt = query.dataUpdatedAt + (item.expires_in ?? 0) * 1000;
    return (
      <p className="flex min-w-0 flex-wrap items-center gap-x-2 text-sm" data-testid="filing-document-ready">
        <a href={item.url} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 font-medium text-primary underline underline-offset-4">
          <FileTextIcon aria-hidden className="size-4" />
          Open the filing document
          <ExternalLinkIcon aria-hidden className="size-3.5" />
        </a>
        {item.expires_in ? <span className="text-xs text-muted-foreground">link valid until {formatIstTime(expiresAt)}</span> : null}
      </p>
    );
  }
  return (
    <p className="text-sm text-muted-foreground" data-testid="filing-document-none">
      {item.status === "no_attachment" ? "This filing has no document attached. Nothing was charged." : `No document: ${item.message ?? item.status}. Nothing was charged.`}
    </p>
  );
}
