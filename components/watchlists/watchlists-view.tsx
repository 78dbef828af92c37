"use client";

import { useQuery } from "@tanstack/react-query";
import { FileUpIcon, ListChecksIcon, PlusIcon } from "lucide-react";
import { parseAsString, useQueryState } from "@/lib/url-state";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { EmptyState } from "@/components/shell/empty-state";
import { ErrorState } from "@/components/shell/error-state";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { isAlphaError } from "@/lib/alpha/alpha-error";
import { deskCall } from "@/lib/desk/client";
import * as api from "@/lib/desk/route-meta/watchlists";
import type { Watchlist } from "@/lib/desk/watchlists";
import { deskQuery } from "@/lib/query/desk";
import { MAX_WATCHLISTS } from "@/lib/desk/watchlist-rules";
import { cn } from "@/lib/utils";
import { ImportCsvDialogLazy, preloadImportCsv } from "./import-csv-lazy";
import { useUpdateWatchlistCache } from "./use-watchlists";
import { DeleteWatchlistDialog, preloadWatchlistDialogs, WatchlistNameDialog } from "./watchlist-dialogs-lazy";
import { WatchlistDetail } from "./watchlist-detail";
import { WATCHLIST_PARAM } from "./watchlist-picker";

export function WatchlistsViewSkeleton() {
  return (
    <div className="grid gap-6 xl:grid-cols-[16rem_minmax(0,1fr)]">
      <Skeleton className="h-64" />
      <Skeleton className="h-96" />
    </div>
  );
}

type DialogState = { kind: "create" } | { kind: "rename"; watchlist: Watchlist } | { kind: "delete"; watchlist: Watchlist } | { kind: "import" } | null;

/** The watchlists page: the list on the left, the open one (`?watchlist=<id>`, shared with every page) on the right. */
export function WatchlistsView() {
  const [selectedId, setSelectedId] = useQueryState(WATCHLIST_PARAM, parseAsString.withOptions({ history: "replace" }));
  const query = useQuery(deskQuery(api.listWatchlists));
  const update = useUpdateWatchlistCache();
  const [dialog, setDialog] = useState<DialogState>(null);

  if (query.isPending) return <WatchlistsViewSkeleton />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;

  const lists = query.data;
  const selected = lists.find((w) => w.id === selectedId) ?? lists[0] ?? null;
  const open = (w: Watchlist) => void setSelectedId(w.id);
  const saved = (w: Watchlist) => update({ put: w });
  const close = () => setDialog(null);

  const dialogs = (
    <>
      <WatchlistNameDialog
        open={dialog?.kind === "create"}
        onOpenChange={(o) => !o && close()}
        title="New watchlist"
        description="Give it a name; add symbols next, or import a CSV."
        submitLabel="Create watchlist"
        onSubmit={async (name) => {
          const created = await deskCall(api.createWatchlist, { body: { name } });
          saved(created);
          open(created);
          toast.success(`Watchlist “${created.name}” created`);
        }}
      />
      <WatchlistNameDialog
        open={dialog?.kind === "rename"}
        onOpenChange={(o) => !o && close()}
        title="Rename watchlist"
        description="Links to this watchlist keep working: they use its id, not its name."
        initialName={dialog?.kind === "rename" ? dialog.watchlist.name : ""}
        submitLabel="Rename"
        onSubmit={async (name) => {
          if (dialog?.kind !== "rename") return;
          saved(await deskCall(api.renameWatchlist, { params: { id: dialog.watchlist.id }, body: { name } }));
          toast.success(`Renamed to “${name}”`);
        }}
      />
      <DeleteWatchlistDialog
        open={dialog?.kind === "delete"}
        onOpenChange={(o) => !o && close()}
        name={dialog?.kind === "delete" ? dialog.watchlist.name : ""}
        count={dialog?.kind === "delete" ? dialog.watchlist.items.length : 0}
        onConfirm={() => {
          if (dialog?.kind !== "delete") return;
          const target = dialog.watchlist;
          deskCall(api.deleteWatchlist, { params: { id: target.id } }).then(
            () => {
              update({ remove: target.id });
              if (selectedId === target.id) void setSelectedId(null);
              toast.success(`Watchlist “${target.name}” deleted`);
            },
            (e: unknown) => toast.error(isAlphaError(e) ? e.message : "The watchlist could not be deleted. Try again."),
          );
        }}
      />
      <ImportCsvDialogLazy
        open={dialog?.kind === "import"}
        onOpenChange={(o) => (o ? setDialog({ kind: "import" }) : close())}
        watchlists={lists}
        defaultTargetId={dialog?.kind === "import" && selected ? selected.id : null}
        onImported={(w) => {
          saved(w);
          open(w);
          toast.success(`Imported into “${w.name}”: ${w.items.length} symbols`);
        }}
      />
    </>
  );

  const actions = (
    <div className="flex flex-wrap gap-2">
      <Button onPointerEnter={preloadWatchlistDialogs} onFocus={preloadWatchlistDialogs} onClick={() => setDialog({ kind: "create" })} disabled={lists.length >= MAX_WATCHLISTS}>
        <PlusIcon aria-hidden />
        New watchlist
      </Button>
      <Button variant="outline" onPointerEnter={preloadImportCsv} onFocus={preloadImportCsv} onClick={() => setDialog({ kind: "import" })}>
        <FileUpIcon aria-hidden />
        Import CSV
      </Button>
    </div>
  );

  if (lists.length === 0) {
    return (
      <>
        <EmptyState
          icon={ListChecksIcon}
          title="No watchlists yet"
          description="Create a watchlist and add symbols with an exposure and a label, or import a CSV: a broker or depository holdings export, or any file with a header row."
          action={actions}
        />
        {dialogs}
      </>
    );
  }

  // Side by side only from 1280 px: beside the list at 1024 the table would lose its actions off the card.
  return (
    <div className="grid items-start gap-6 xl:grid-cols-[16rem_minmax(0,1fr)]">
      <Card className="gap-3 py-4">
        <CardHeader className="px-4">
          <CardTitle className="text-sm">Your watchlists</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3 px-2">
          <nav aria-label="Watchlists">
            <ul className="grid gap-0.5" data-testid="watchlist-list">
              {lists.map((w) => (
                <li key={w.id}>
                  <button
                    type="button"
                    onClick={() => open(w)}
                    aria-current={selected?.id === w.id ? "true" : undefined}
                    className={cn(
                      "flex w-full items-center justify-between gap-2 rounded-md px-2 py-1.5 text-left text-sm outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50",
                      selected?.id === w.id && "bg-accent font-medium text-accent-foreground",
                    )}
                  >
                    <span className="min-w-0 truncate">
                      {w.name}
                      {w.owner && <span className="ml-1 text-xs font-normal text-muted-foreground">· {w.owner.name}</span>}
                    </span>
                    <span className="shrink-0 text-xs text-muted-foreground tabular-nums">{w.items.length}</span>
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          <div className="px-2">{actions}</div>
        </CardContent>
      </Card>
      {selected && (
        <WatchlistDetail
          key={selected.id}
          watchlist={selected}
          onSaved={saved}
          onRename={() => setDialog({ kind: "rename", watchlist: selected })}
          onDelete={() => setDialog({ kind: "delete", watchlist: selected })}
          onImport={() => setDialog({ kind: "import" })}
        />
      )}
      {dialogs}
    </div>
  );
}
