"use client";

import { useQuery } from "@tanstack/react-query";
import { ChevronDownIcon, ChevronUpIcon, SearchIcon, XIcon } from "lucide-react";
import * as React from "react";
import { ErrorState } from "@/components/shell/error-state";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { SkeletonStack } from "@/components/ui/skeleton";
import { formatNumber } from "@/lib/format/number";
import * as api from "@/lib/desk/route-meta/concalls";
import { deskQuery } from "@/lib/query/desk";
import { cn } from "@/lib/utils";
import { highlightDoc, type HighlightedDoc, type IndexedSegment, parseTranscript, searchPattern, stepMatch } from "./transcript";

/** Text with its matches in <mark>; the active one stands out and is where the reader scrolls. */
function Highlighted({ segments, active }: { segments: IndexedSegment[]; active: number }) {
  return (
    <>
      {segments.map((s, i) =>
        s.match === null ? (
          <React.Fragment key={i}>{s.text}</React.Fragment>
        ) : (
          <mark
            key={i}
            data-match={s.match}
            data-active={s.match === active || undefined}
            className={cn("rounded-sm bg-warning/40 px-0.5 text-foreground", s.match === active && "bg-primary text-primary-foreground ring-2 ring-primary/40")}
          >
            {s.text}
          </mark>
        ),
      )}
    </>
  );
}

function initials(segments: IndexedSegment[]): string {
  return segments
    .map((s) => s.text)
    .join("")
    .split(/\s+/)
    .map((p) => p[0] ?? "")
    .join("")
    .slice(0, 2)
    .toUpperCase();
}

function TranscriptBody({ doc, active }: { doc: HighlightedDoc; active: number }) {
  return (
    <article className="grid grid-cols-1 gap-5 text-sm leading-relaxed">
      <header className="grid grid-cols-1 gap-0.5 border-b pb-4">
        {doc.cover.map((line, i) => {
          const text = line.map((s) => s.text).join("");
          return (
            <p key={i} className={cn(i === 0 ? "text-base font-semibold" : i === 1 ? "font-medium" : "text-muted-foreground", /^[A-Z ]+:$/.test(text) && "mt-2 text-xs font-semibold tracking-wide")}>
              <Highlighted segments={line} active={active} />
            </p>
          );
        })}
      </header>
      {doc.turns.map((turn, i) => {
        const moderator = /^moderator$/i.test(turn.speaker.map((s) => s.text).join(""));
        return (
          <section key={i} className="grid grid-cols-[2.25rem_minmax(0,1fr)] gap-3" data-testid="transcript-turn">
            <span
              aria-hidden
              className={cn("mt-0.5 grid size-9 place-items-center rounded-full text-xs font-semibold", moderator ? "bg-muted text-muted-foreground" : "bg-primary/15 text-primary")}
            >
              {initials(turn.speaker)}
            </span>
            <div className="grid grid-cols-1 gap-2">
              <h4 className="leading-tight">
                <span className="font-semibold">
                  <Highlighted segments={turn.speaker} active={active} />
                </span>
                {turn.role && <span className="ml-2 text-xs text-muted-foreground">{turn.role}</span>}
              </h4>
              {turn.paragraphs.map((p, j) => (
                <p key={j} className={cn(moderator && "text-muted-foreground")}>
                  <Highlighted segments={p} active={active} />
                </p>
              ))}
            </div>
          </section>
        );
      })}
    </article>
  );
}

/** The transcript behind a signed link, read through the desk, with search, highlighting and match stepping. */
export function TranscriptReader({ url, title }: { url: string; title: string }) {
  // The link expires, the text does not: kept for the session, so reading again never needs a new (paid) lookup.
  const query = useQuery({ ...deskQuery(api.readTranscript, { query: { url } }), gcTime: Infinity, retry: false });
  const [search, setSearch] = React.useState("");
  const deferred = React.useDeferredValue(search);
  // The active match belongs to one search: a new search starts again at its first match.
  const [activeFor, setActiveFor] = React.useState({ search: "", index: 0 });
  const scroller = React.useRef<HTMLDivElement>(null);

  const doc = React.useMemo(() => (query.data ? parseTranscript(query.data.text) : null), [query.data]);
  const pattern = React.useMemo(() => searchPattern(deferred), [deferred]);
  const highlighted = React.useMemo(() => (doc ? highlightDoc(doc, pattern) : null), [doc, pattern]);
  const total = highlighted?.total ?? 0;
  const words = React.useMemo(() => (query.data ? query.data.text.split(/\s+/).filter(Boolean).length : 0), [query.data]);
  const active = activeFor.search === deferred ? activeFor.index : 0;
  const current = total === 0 ? 0 : Math.min(active, total - 1);

  React.useEffect(() => {
    if (total === 0) return;
    // Scroll the reader only, never the page around it.
    const box = scroller.current;
    const el = box?.querySelector<HTMLElement>(`[data-match="${current}"]`);
    if (!box || !el) return;
    const offset = el.getBoundingClientRect().top - box.getBoundingClientRect().top;
    box.scrollTo({ top: box.scrollTop + offset - box.clientHeight / 2, behavior: "smooth" });
  }, [current, total, pattern]);

  if (query.isPending) {
    return (
      <SkeletonStack className="grid-cols-1" label="Loading the transcript" bars={Array.from({ length: 8 }, (_, i) => (i % 3 === 2 ? "h-4 w-2/3" : "h-4 w-full"))} />
    );
  }
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!highlighted) return null;

  const step = (direction: 1 | -1) => setActiveFor({ search: deferred, index: stepMatch(current, total, direction) });

  return (
    <div className="grid grid-cols-1 gap-3" data-testid="transcript-reader">
      <div className="flex flex-wrap items-center gap-2" role="search" aria-label={`Search the ${title} transcript`}>
        <div className="relative min-w-56 flex-1">
          <SearchIcon aria-hidden className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                step(e.shiftKey ? -1 : 1);
              } else if (e.key === "Escape") setSearch("");
            }}
            placeholder="Search the transcript (Enter: next match)"
            aria-label="Search the transcript"
            className="pl-8"
            data-testid="transcript-search"
          />
        </div>
        <span className="min-w-24 text-sm text-muted-foreground tabular-nums" aria-live="polite" data-testid="transcript-match-count" data-count={total}>
          {pattern ? (total ? `${formatNumber(current + 1)} of ${formatNumber(total)}` : "No matches") : `${formatNumber(words)} words`}
        </span>
        <Button variant="outline" size="icon-sm" aria-label="Previous match" disabled={total === 0} onClick={() => step(-1)}>
          <ChevronUpIcon />
        </Button>
        <Button variant="outline" size="icon-sm" aria-label="Next match" disabled={total === 0} onClick={() => step(1)}>
          <ChevronDownIcon />
        </Button>
        {search && (
          <Button variant="ghost" size="icon-sm" aria-label="Clear the search" onClick={() => setSearch("")}>
            <XIcon />
          </Button>
        )}
      </div>
      <div ref={scroller} tabIndex={0} aria-label={`${title} transcript`} className="max-h-[36rem] overflow-y-auto rounded-lg border bg-background p-4 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:p-6">
        <TranscriptBody doc={highlighted} active={current} />
      </div>
    </div>
  );
}
