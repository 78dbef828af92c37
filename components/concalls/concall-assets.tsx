"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { BookOpenTextIcon, ClockIcon, FileXIcon, LinkIcon, SearchXIcon } from "lucide-react";
import * as React from "react";
import { PaidButton } from "@/components/paid/paid-call";
import { ErrorState } from "@/components/shell/error-state";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { alphaPrice, useAlphaMutation } from "@/lib/query/alpha";
import { peekAlpha } from "@/lib/query/alpha-core";
import { concallAssetsQueryOptions } from "@/lib/query/concalls";
import { formatCredits } from "@/lib/format/number";
import { formatQuarter } from "@/lib/format/quarter";
import { formatIstTime } from "@/lib/format/time";
import { formatCountdown, secondsUntil } from "./dates";
import { TranscriptReader } from "./transcript-reader";
import { unitCredits } from "@/lib/alpha/costs";

/** The clock, once a second, only while something counts down. */
function useNow(active: boolean): number {
  const [now, setNow] = React.useState(() => Date.now());
  React.useEffect(() => {
    if (!active) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [active]);
  return now;
}

function ReadyAssets({
  lookup,
  onRenew,
  renewing,
  price,
  title,
}: {
  lookup: { transcriptUrl: string; audioUrl: string | null; expiresIn: number; receivedAt: number; creditsCharged: number };
  onRenew: () => void;
  renewing: boolean;
  price: ReturnType<typeof alphaPrice>;
  title: string;
}) {
  const expiresAt = lookup.receivedAt + lookup.expiresIn * 1000;
  const now = useNow(true);
  const left = secondsUntil(expiresAt, now);
  const expired = left <= 0;
  const [reading, setReading] = React.useState(true);
  const audio = lookup.audioUrl;

  return (
    <div className="grid grid-cols-1 gap-4" data-testid="assets-ready" data-expired={expired || undefined}>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <span className="inline-flex items-center gap-1.5" data-testid="links-expiry">
          <ClockIcon aria-hidden className="size-4 text-muted-foreground" />
          {expired ? (
            <span>
              Links expired at {formatIstTime(expiresAt)}. What you opened stays readable here.
            </span>
          ) : (
            <span>
              Links expire in <strong className="font-mono tabular-nums" data-testid="expiry-countdown">{formatCountdown(left)}</strong> (at {formatIstTime(expiresAt)})
            </span>
          )}
        </span>
        <span className="text-muted-foreground" data-testid="links-charged" data-credits={lookup.creditsCharged}>
          {lookup.creditsCharged > 0 ? `${formatCredits(lookup.creditsCharged)} charged for these links` : "Links the desk already held: 0 credits"}
        </span>
        {expired && (
          <PaidButton price={price} what={`Get new transcript and recording links for the ${title} call.`} onRun={onRenew} pending={renewing} variant="outline" size="sm" testId="renew-links">
            <LinkIcon aria-hidden />
            Get new links
          </PaidButton>
        )}
      </div>

      <div className="grid grid-cols-1 gap-2">
        <h3 className="text-sm font-semibold">Recording</h3>
        {audio ? (
          expired ? (
            <p className="text-sm text-muted-foreground">The recording link has expired; get new links to play it again.</p>
          ) : (
            // A recording has no captions to offer; the transcript below is its text.
            <audio controls preload="metadata" src={audio} className="w-full max-w-xl" data-testid="recording" aria-label={`Recording of the ${title} call`} />
          )
        ) : (
          <p className="text-sm text-muted-foreground">This call has a transcript but no recording.</p>
        )}
      </div>

      <div className="grid grid-cols-1 gap-2">
        <div className="flex items-center justify-between gap-2">
          <h3 className="text-sm font-semibold">Transcript</h3>
          <button type="button" className="text-sm text-primary underline-offset-4 hover:underline" onClick={() => setReading((r) => !r)}>
            {reading ? "Hide the transcript" : "Open the transcript"}
          </button>
        </div>
        {reading ? (
          <TranscriptReader url={lookup.transcriptUrl} title={title} />
        ) : (
          <button type="button" onClick={() => setReading(true)} className="inline-flex items-center gap-2 justify-self-start rounded-md border px-3 py-2 text-sm hover:bg-accent">
            <BookOpenTextIcon aria-hidden className="size-4" />
            Open the transcript
          </button>
        )}
      </div>
    </div>
  );
}

/**
 * Transcript and recording links through POST /v1/concalls/transcripts, only when the user asks (4 credits per ready
 * call, nothing otherwise). Each outcome is explained; an expired link is renewed only on request.
 */
export function ConcallAssets({ symbol, quarter }: { symbol: string; quarter: string }) {
  const client = useQueryClient();
  const options = concallAssetsQueryOptions(symbol, quarter);
  const stored = useQuery(options);
  const input = { body: { items: [{ symbol, quarter }] } };
  const price = alphaPrice("lookupConcallTranscripts", input);
  const title = `${symbol} ${formatQuarter(quarter)}`;
  const mutation = useAlphaMutation("lookupConcallTranscripts", {
    onSuccess: (result) => {
      const item = result.items[0];
      if (item) client.setQueryData(options.queryKey, { result: item, receivedAt: Date.now(), creditsCharged: result.meta.creditsCharged });
    },
  });
  const run = () => mutation.mutate(input);
  // Links the desk bought earlier (this key's account, another tab or session) are still valid: shown at 0 credits.
  const held = useQuery({
    queryKey: [...options.queryKey, "held"],
    queryFn: async ({ signal }) => {
      const hit = await peekAlpha("lookupConcallTranscripts", input, signal);
      const item = hit?.items[0];
      if (item && client.getQueryData(options.queryKey) === undefined) client.setQueryData(options.queryKey, { result: item, receivedAt: Date.now(), creditsCharged: 0 });
      return item !== undefined;
    },
    enabled: stored.data === undefined,
    staleTime: Infinity,
    retry: false,
  });
  const lookup = stored.data;

  const button = (label: string) => (
    <PaidButton price={price} what={`Get the transcript and recording links of the ${title} call.`} onRun={run} pending={mutation.isPending} testId="get-transcript" className="justify-self-start">
      <LinkIcon aria-hidden />
      {label}
    </PaidButton>
  );

  if (!lookup && held.isPending) {
    return (
      <p className="text-sm text-muted-foreground" aria-busy="true" data-testid="assets-checking">
        Checking whether the desk already holds this call&apos;s links…
      </p>
    );
  }
  if (!lookup) {
    return (
      <div className="grid grid-cols-1 gap-3" data-testid="assets-locked">
        <p className="max-w-prose text-sm text-muted-foreground">
          {formatCredits(unitCredits("lookupConcallTranscripts").credits)} when the call has a transcript ready; nothing is charged when it has none or no call is found. The links last a few
          minutes; the transcript stays open here once loaded.
        </p>
        {mutation.isError && <ErrorState error={mutation.error} />}
        {button("Get transcript & recording")}
      </div>
    );
  }

  const { result } = lookup;
  if (result.status === "ready" && typeof result.transcript_url === "string" && typeof result.expires_in === "number") {
    return (
      <>
        {mutation.isError && <ErrorState error={mutation.error} className="mb-3" />}
        <ReadyAssets
          lookup={{
            transcriptUrl: result.transcript_url,
            audioUrl: typeof result.audio_url === "string" ? result.audio_url : null,
            expiresIn: result.expires_in,
            receivedAt: lookup.receivedAt,
            creditsCharged: lookup.creditsCharged,
          }}
          onRenew={run}
          renewing={mutation.isPending}
          price={price}
          title={title}
        />
      </>
    );
  }
  if (result.status === "no_transcript") {
    return (
      <div className="grid grid-cols-1 gap-3" data-testid="assets-no-transcript">
        <Alert>
          <FileXIcon aria-hidden />
          <AlertTitle>No transcript for this call yet</AlertTitle>
          <AlertDescription>
            <p>
              The {title} call was found, but it has no transcript or recording{result.message ? `: ${result.message}` : "."} Nothing was charged.
              Transcripts usually follow a call within a day; ask again later.
            </p>
          </AlertDescription>
        </Alert>
        {button("Ask again")}
      </div>
    );
  }
  if (result.status === "not_found") {
    return (
      <Alert data-testid="assets-not-found">
        <SearchXIcon aria-hidden />
        <AlertTitle>No call found</AlertTitle>
        <AlertDescription>
          <p>
            The Alpha service has no {title} call{result.message ? ` (${result.message})` : ""}. Nothing was charged. Check the quarter: calls
            follow results, so pick a quarter the company has filed results for.
          </p>
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <Alert data-testid="assets-unknown">
      <SearchXIcon aria-hidden />
      <AlertTitle>Unexpected answer</AlertTitle>
      <AlertDescription>
        <p>
          The Alpha service answered “{String(result.status)}”{result.message ? `: ${result.message}` : ""}. The desk does not know this status;{" "}
          {formatCredits(lookup.creditsCharged)} were charged.
        </p>
      </AlertDescription>
    </Alert>
  );
}
