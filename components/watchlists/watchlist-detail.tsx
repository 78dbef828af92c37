"use client";

import { useQuery } from "@tanstack/react-query";
import { AlertTriangleIcon, DownloadIcon, FileUpIcon, PencilIcon, PlusIcon, SparklesIcon, Trash2Icon, XIcon } from "lucide-react";
import Link from "next/link";
import { IntentLink } from "@/components/ui/intent-link";
import { useId, useState } from "react";
import { toast } from "@/components/ui/toast";
import { fieldErrorsOf } from "@/components/auth/field";
import { EmptyState } from "@/components/shell/empty-state";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { resolveTypedSymbols } from "@/components/symbol-search/resolve-typed";
import { LazySymbolCombobox } from "@/components/symbol-search/symbol-combobox-lazy";
import { Input } from "@/components/ui/input";
import { HiddenHead, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import type { WatchlistSharing } from "@/lib/desk/teams";
import { WATCHLIST_SHARING, WATCHLIST_SHARING_LABELS } from "@/lib/desk/team-labels";
import { isAlphaError } from "@/lib/alpha/alpha-error";
import { formatIstDateTime } from "@/lib/format/time";
import { deskCall } from "@/lib/desk/client";
import * as api from "@/lib/desk/route-meta/watchlists";
import type { Watchlist, WatchlistItem } from "@/lib/desk/watchlists";
import { checkHolding, MAX_WATCHLIST_ITEMS } from "@/lib/desk/watchlist-rules";
import { knownSymbolsQuery } from "./known-symbols";
import { useSymbolNames } from "@/lib/query/symbol-names";
import { didYouMean } from "@/lib/symbols/instruments";
import { downloadText } from "./download";
import { exposureDigits, exposureHeading, formatExposure, UNIT_NAMES } from "./exposure";
import { preloadImportCsv } from "./import-csv-lazy";
import { EditItemDialog, preloadWatchlistDialogs } from "./watchlist-dialogs-lazy";
import { symbolHref } from "@/lib/symbols/symbol-href";

function AddSymbolForm({ watchlist, onSaved }: { watchlist: Watchlist; onSaved: (w: Watchlist) => void }) {
  const [symbol, setSymbol] = useState("");
  const [exposure, setExposure] = useState("");
  const [label, setLabel] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const full = watchlist.items.length >= MAX_WATCHLIST_ITEMS;
  const symbolId = useId();

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const exposureText = exposure.replace(/[₹,\s]/g, "");
    const exposureValue = exposureText === "" ? undefined : Number(exposureText);
    const checked = checkHolding({ symbol: symbol.trim().toUpperCase(), ...(exposureValue !== undefined ? { exposure: exposureValue } : {}), ...(label.trim() ? { label } : {}) });
    if (!checked.ok || Number.isNaN(exposureValue)) {
      const out: Record<string, string> = {};
      if (Number.isNaN(exposureValue)) out.exposure = "Enter a number";
      if (!checked.ok) for (const [field, message] of Object.entries(checked.problems)) out[field] ??= message;
      return setErrors(out);
    }
    const holding = checked.value;
    setErrors({});
    setPending(true);
    try {
      // Unknown symbols are refused here, before anything is saved (the check is free and kept a day by the desk).
      const outcome = await resolveTypedSymbols(holding.symbol, [], { multiple: false, keepInstruments: true });
      if (!outcome.ok) return setErrors({ refused: outcome.message });
      const existed = watchlist.items.some((i) => i.symbol === holding.symbol);
      onSaved(await deskCall(api.addWatchlistItems, { params: { id: watchlist.id }, body: { items: [holding] } }));
      toast.success(existed ? `${holding.symbol} updated` : `${holding.symbol} added to ${watchlist.name}`);
      setSymbol("");
      setExposure("");
      setLabel("");
    } catch (e) {
      const fields = isAlphaError(e) ? fieldErrorsOf(e.details) : {};
      const first = Object.entries(fields)[0];
      setErrors({ form: first ? first[1] : isAlphaError(e) ? e.message : "The symbol could not be added. Try again." });
    } finally {
      setPending(false);
    }
  }

  const errorText = errors.symbol ?? errors.refused ?? errors.exposure ?? errors.label ?? errors.form;
  return (
    <form onSubmit={submit} noValidate className="@container grid gap-2" aria-label="Add a symbol">
      {/* Sized by the card, not the window: beside the list at 1024 px the card is narrow, so the fields go two by two. */}
      <div className="grid gap-2 @sm:grid-cols-2 @xl:grid-cols-[minmax(0,16rem)_minmax(0,9rem)_minmax(0,1fr)_auto]">
        <LazySymbolCombobox
          id={symbolId}
          ariaLabel="Symbol"
          placeholder="Symbol, company or BSE code"
          field
          multiple={false}
          value={symbol}
          onValueChange={(v) => {
            setSymbol(v);
            if (errors.symbol) setErrors({});
          }}
          onAdd={() => setErrors({})}
          onRefused={(message) => setErrors(message ? { refused: message } : {})}
          disabled={full}
          inputClassName="h-9"
          testId="add-symbol"
        />
        <Input aria-label="Exposure" placeholder={watchlist.exposureUnit ? exposureHeading(watchlist.exposureUnit) : "Exposure"} inputMode="decimal" value={exposure} onChange={(e) => setExposure(e.target.value)} aria-invalid={errors.exposure ? true : undefined} disabled={full} />
        <Input aria-label="Label" placeholder="Label" maxLength={80} value={label} onChange={(e) => setLabel(e.target.value)} disabled={full} />
        <Button type="submit" disabled={pending || full || symbol.trim() === ""}>
          <PlusIcon aria-hidden />
          Add
        </Button>
      </div>
      {errorText && (
        <p role="alert" className="text-xs font-medium text-destructive">
          {errors.symbol ? `Symbol ${errorText}` : errors.exposure ? `Exposure: ${errorText}` : errorText}
        </p>
      )}
      {full && <p className="text-xs text-muted-foreground">This watchlist holds {MAX_WATCHLIST_ITEMS} symbols, the most one summary covers. Remove one to add another.</p>}
    </form>
  );
}

function StatusBadge({ state, instrument }: { state: "known" | "unknown" | "unchecked" | "checking" | "instrument"; instrument?: string }) {
  if (state === "known") return <Badge variant="positive">Known</Badge>;
  if (state === "instrument") {
    return (
      <Badge variant="secondary" data-testid="instrument-symbol">
        {instrument} · not a company
      </Badge>
    );
  }
  if (state === "checking") return <Badge variant="neutral">Checking…</Badge>;
  if (state === "unchecked") return <Badge variant="neutral">Not checked</Badge>;
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Badge variant="warning" tabIndex={0} data-testid="unknown-symbol">
          <AlertTriangleIcon aria-hidden />
          Unknown
        </Badge>
      </TooltipTrigger>
      <TooltipContent>The Alpha service has no filings for this symbol: check the spelling (NSE symbol). Summaries skip it.</TooltipContent>
    </Tooltip>
  );
}

/** The owner shares a watchlist with the team, to view or to edit; a shared list filters every page like their own. */
function SharingSelect({ watchlist, onSaved }: { watchlist: Watchlist; onSaved: (w: Watchlist) => void }) {
  const [pending, setPending] = useState(false);
  async function change(sharing: WatchlistSharing) {
    setPending(true);
    try {
      onSaved(await deskCall(api.setWatchlistSharing, { params: { id: watchlist.id }, body: { sharing } }));
      toast.success(sharing === "private" ? "Only you see this watchlist now." : `${WATCHLIST_SHARING_LABELS[sharing]} this watchlist now.`);
    } catch (e) {
      toast.error(isAlphaError(e) ? e.message : "Sharing was not changed. Try again.");
    } finally {
      setPending(false);
    }
  }
  return (
    <NativeSelect
      size="sm"
      className="w-40"
      aria-label="Who sees this watchlist"
      value={watchlist.sharing}
      disabled={pending}
      onChange={(e) => {
        const next = WATCHLIST_SHARING.find((v) => v === e.target.value);
        if (next) void change(next);
      }}
    >
      {WATCHLIST_SHARING.map((v) => (
        <NativeSelectOption key={v} value={v}>
          {WATCHLIST_SHARING_LABELS[v]}
        </NativeSelectOption>
      ))}
    </NativeSelect>
  );
}

/** One watchlist: its symbols with exposure, weight and label, whether the service knows each, and its actions. */
export function WatchlistDetail({
  watchlist,
  onSaved,
  onRename,
  onDelete,
  onImport,
}: {
  watchlist: Watchlist;
  onSaved: (w: Watchlist) => void;
  onRename: () => void;
  onDelete: () => void;
  onImport: () => void;
}) {
  const [editing, setEditing] = useState<WatchlistItem | null>(null);
  const symbols = watchlist.items.map((i) => i.symbol);
  const check = useQuery(knownSymbolsQuery(symbols));
  const { names } = useSymbolNames(symbols);
  const unit = watchlist.exposureUnit;
  const total = watchlist.items.reduce((s, i) => s + (i.exposure ?? 0), 0);
  // Shares of different companies do not add up to a book: no total and no weight for them.
  const sums = unit !== "shares" && total > 0;
  const unknown = check.data?.unknown ?? [];
  const renamed = check.data?.renamed ?? [];
  const instruments = check.data?.instruments ?? [];
  const digits = exposureDigits(watchlist.items.map((i) => i.exposure), unit);

  const instrumentOf = (symbol: string) => check.data?.instruments.find((i) => i.symbol === symbol);
  const stateOf = (symbol: string) => {
    if (instrumentOf(symbol)) return "instrument";
    if (!check.data) return check.isPending ? "checking" : "unchecked";
    if (check.data.known.includes(symbol)) return "known";
    if (check.data.unknown.includes(symbol)) return "unknown";
    return "unchecked";
  };

  async function remove(symbol: string) {
    try {
      onSaved(await deskCall(api.removeWatchlistItem, { params: { id: watchlist.id, symbol } }));
      toast.success(`${symbol} removed`);
    } catch (e) {
      toast.error(isAlphaError(e) ? e.message : `${symbol} could not be removed. Try again.`);
    }
  }

  return (
    <Card data-testid="watchlist-detail">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2 text-lg" data-testid="watchlist-title">
          {watchlist.name}
          {watchlist.owner && (
            <Badge variant="secondary" data-testid="watchlist-shared-by">
              Shared by {watchlist.owner.name}
              {watchlist.canEdit ? "" : " · view only"}
            </Badge>
          )}
        </CardTitle>
        <CardDescription>
          {watchlist.items.length} of {MAX_WATCHLIST_ITEMS} symbols{sums ? ` · total exposure ${formatExposure(total, unit)}` : ""}
          {unit ? ` · exposure as ${UNIT_NAMES[unit]}` : ""} · updated{" "}
          {formatIstDateTime(watchlist.updatedAt)}
        </CardDescription>
        <div className="-ml-2 flex flex-wrap gap-1 pt-1">
          <Button variant="ghost" size="sm" asChild>
            <Link href={`/summaries?watchlist=${encodeURIComponent(watchlist.id)}`}>
              <SparklesIcon aria-hidden />
              Summarise
            </Link>
          </Button>
          {watchlist.canEdit && (
            <Button variant="ghost" size="sm" onPointerEnter={preloadImportCsv} onFocus={preloadImportCsv} onClick={onImport}>
              <FileUpIcon aria-hidden />
              Import
            </Button>
          )}
          <Button
            variant="ghost"
            size="sm"
            disabled={watchlist.items.length === 0}
            // The CSV writer (papaparse) is fetched on the click, not with the page.
            onClick={() =>
              void import("./csv").then(({ csvFileName, watchlistToCsv }) =>
                downloadText(csvFileName(watchlist.name), watchlistToCsv(watchlist.items, unit), "text/csv;charset=utf-8"),
              )
            }
          >
            <DownloadIcon aria-hidden />
            Export CSV
          </Button>
          {watchlist.owner === null && (
            <>
              <Button variant="ghost" size="sm" onPointerEnter={preloadWatchlistDialogs} onFocus={preloadWatchlistDialogs} onClick={onRename}>
                <PencilIcon aria-hidden />
                Rename
              </Button>
              <Button variant="ghost" size="sm" className="text-destructive hover:text-destructive" onPointerEnter={preloadWatchlistDialogs} onFocus={preloadWatchlistDialogs} onClick={onDelete}>
                <Trash2Icon aria-hidden />
                Delete
              </Button>
              {/* The row starts left of the title so ghost buttons' labels line up; a bordered field starts at the title. */}
              <div className="ml-2">
                <SharingSelect watchlist={watchlist} onSaved={onSaved} />
              </div>
            </>
          )}
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        {watchlist.canEdit && <AddSymbolForm watchlist={watchlist} onSaved={onSaved} />}
        {unknown.length > 0 && (
          <Alert variant="warning" data-testid="unknown-symbols">
            <AlertTriangleIcon aria-hidden />
            <AlertTitle>
              {unknown.length} {unknown.length === 1 ? "symbol is" : "symbols are"} not known to the Alpha service
            </AlertTitle>
            <AlertDescription>
              <span>
                <span className="font-mono">{unknown.join(", ")}</span>: check the spelling against the NSE symbol. Summaries and batch jobs skip unknown symbols.
              </span>
              {renamed.map((r) => (
                <span key={r.symbol} className="block" data-testid="renamed-symbol">
                  <span className="font-mono">{r.symbol}</span>: {didYouMean(r).replace(/^d/, "D")} {r.note}
                </span>
              ))}
            </AlertDescription>
          </Alert>
        )}
        {instruments.length > 0 && (
          <p className="text-sm text-muted-foreground" data-testid="instrument-note">
            <span className="font-mono">{instruments.map((i) => i.symbol).join(", ")}</span>: {instruments.length === 1 ? "an instrument" : "instruments"} (
            {[...new Set(instruments.map((i) => i.label))].join(", ")}), not {instruments.length === 1 ? "a company" : "companies"}. Kept in the book with
            {instruments.length === 1 ? " its" : " their"} exposure; {instruments.length === 1 ? "it files" : "they file"} no results, so the season and summaries leave{" "}
            {instruments.length === 1 ? "it" : "them"} out.
          </p>
        )}
        {check.data?.note && <p className="text-xs text-muted-foreground">{check.data.note}</p>}
        {watchlist.items.length === 0 ? (
          <EmptyState
            title="No symbols yet"
            description="Add symbols above one by one, or import a CSV: a broker or depository holdings export, or any file with a header row."
            action={
              <Button variant="outline" size="sm" onPointerEnter={preloadImportCsv} onFocus={preloadImportCsv} onClick={onImport}>
                <FileUpIcon aria-hidden />
                Import CSV
              </Button>
            }
          />
        ) : (
          <Table data-testid="watchlist-items">
            <TableHeader>
              <TableRow>
                <TableHead>Symbol</TableHead>
                <TableHead className="text-right">{exposureHeading(unit)}</TableHead>
                <TableHead className="text-right">Weight</TableHead>
                <TableHead>Label</TableHead>
                <TableHead>Service</TableHead>
                <HiddenHead label="Actions" className="w-20" />
              </TableRow>
            </TableHeader>
            <TableBody>
              {watchlist.items.map((item) => (
                <TableRow key={item.symbol} data-symbol={item.symbol}>
                  <TableCell className="font-mono font-medium">
                    <IntentLink href={symbolHref(item.symbol)} className="hover:underline">
                      {item.symbol}
                    </IntentLink>
                    {names.get(item.symbol) && (
                      <div className="max-w-56 truncate font-sans text-xs font-normal text-muted-foreground" data-testid="item-name">
                        {names.get(item.symbol)}
                      </div>
                    )}
                  </TableCell>
                  <TableCell className="text-right tabular-nums" data-testid="item-exposure">
                    {formatExposure(item.exposure, unit, digits)}
                  </TableCell>
                  <TableCell className="text-right text-muted-foreground tabular-nums">
                    {sums && item.exposure !== null ? `${((item.exposure / total) * 100).toFixed(1)}%` : "—"}
                  </TableCell>
                  <TableCell className="max-w-48 truncate text-muted-foreground">{item.label ?? "—"}</TableCell>
                  <TableCell>
                    <StatusBadge state={stateOf(item.symbol)} instrument={instrumentOf(item.symbol)?.label} />
                  </TableCell>
                  <TableCell className="text-right whitespace-nowrap">
                    {watchlist.canEdit && (
                      <>
                    <Button variant="ghost" size="icon-sm" aria-label={`Edit ${item.symbol}`} onPointerEnter={preloadWatchlistDialogs} onFocus={preloadWatchlistDialogs} onClick={() => setEditing(item)}>
                      <PencilIcon aria-hidden />
                    </Button>
                    <Button variant="ghost" size="icon-sm" aria-label={`Remove ${item.symbol}`} onClick={() => void remove(item.symbol)}>
                      <XIcon aria-hidden />
                    </Button>
                      </>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      <EditItemDialog
        item={editing}
        unit={unit}
        onOpenChange={(o) => !o && setEditing(null)}
        onSubmit={async (change) => {
          if (!editing) return;
          onSaved(await deskCall(api.updateWatchlistItem, { params: { id: watchlist.id, symbol: editing.symbol }, body: change }));
          toast.success(`${editing.symbol} saved`);
        }}
      />
    </Card>
  );
}
