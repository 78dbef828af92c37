"use client";

import { useQuery } from "@tanstack/react-query";
import { NewspaperIcon } from "lucide-react";
import { useState } from "react";
import { ErrorState } from "@/components/shell/error-state";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { Skeleton } from "@/components/ui/skeleton";
import { deskUrl } from "@/lib/desk/client";
import * as concallsApi from "@/lib/desk/route-meta/concalls";
import * as watchlistsApi from "@/lib/desk/route-meta/watchlists";
import { deskQuery } from "@/lib/query/desk";
import { ForwardableText } from "./concall-brief";

/** A watchlist's calls of the last seven days as briefs, from the analyses the desk holds: text to copy and a PDF. */
export function ConcallRoundup({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const watchlists = useQuery(deskQuery(watchlistsApi.listWatchlists));
  const [chosen, setChosen] = useState<string>("");
  const [asked, setAsked] = useState<string | null>(null);
  const input = { query: { watchlist: asked ?? "" } };
  const roundup = useQuery({ ...deskQuery(concallsApi.getConcallRoundup, input), enabled: asked !== null });
  const lists = watchlists.data ?? [];
  const watchlist = chosen || lists[0]?.id || "";
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl" data-testid="concall-roundup">
      <DialogHeader>
        <DialogTitle className="flex items-center gap-2">
          <NewspaperIcon aria-hidden className="size-4" />
          The week&apos;s calls in a watchlist
        </DialogTitle>
        <DialogDescription>Each call of the last seven days as a brief, from the analyses the desk already holds. 0 credits; calls not held are listed.</DialogDescription>
      </DialogHeader>
      <div className="grid min-w-0 gap-3">
        {lists.length === 0 ? (
          <p className="text-sm text-muted-foreground">{watchlists.isPending ? "Loading your watchlists…" : "Make a watchlist to round up its calls."}</p>
        ) : (
          <div className="flex flex-wrap items-end gap-2">
            <div className="grid gap-1.5">
              <Label htmlFor="roundup-watchlist" className="text-xs">
                Watchlist
              </Label>
              <NativeSelect id="roundup-watchlist" size="sm" className="w-56 max-w-full" value={watchlist} onChange={(e) => setChosen(e.target.value)} data-testid="roundup-watchlist">
                {lists.map((w) => (
                  <NativeSelectOption key={w.id} value={w.id}>
                    {w.name}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            </div>
            <Button size="sm" variant="outline" onClick={() => setAsked(watchlist)} data-testid="make-roundup">
              Make the roundup · 0 credits
            </Button>
          </div>
        )}
        {asked !== null && roundup.isPending && <Skeleton className="h-24 w-full" aria-busy="true" aria-label="Making the roundup" />}
        {roundup.isError && <ErrorState error={roundup.error} />}
        {roundup.data && <ForwardableText text={roundup.data.text} name="roundup" pdfHref={deskUrl(concallsApi.downloadConcallRoundup, input)} className="max-h-96" />}
      </div>
      </DialogContent>
    </Dialog>
  );
}
