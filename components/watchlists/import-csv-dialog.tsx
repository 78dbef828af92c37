"use client";

import { useQuery } from "@tanstack/react-query";
import { CheckCircle2Icon, FileUpIcon } from "lucide-react";
import { useId, useState } from "react";
import { Field, fieldAria } from "@/components/auth/field";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { isAlphaError } from "@/lib/alpha/errors";
import type { Watchlist } from "@/lib/query/watchlists";
import { addWatchlistItems, createWatchlist, knownSymbolsQueryOptions, MAX_WATCHLIST_NAME } from "@/lib/query/watchlists";
import type { CsvLineError, CsvParseResult } from "./csv";
import { MAX_CSV_BYTES, parseWatchlistCsv } from "./csv";
import { LineErrors } from "./line-errors";

const NEW = "__new__";

function nameFromFile(fileName: string): string {
  const base = fileName.replace(/\.[^.]+$/, "").replace(/[-_]+/g, " ").trim();
  return (base.charAt(0).toUpperCase() + base.slice(1)).slice(0, MAX_WATCHLIST_NAME) || "Imported watchlist";
}

/** Server field errors `items.3.symbol` → the file line of item 3. */
function serverLineErrors(details: Record<string, unknown> | undefined, result: CsvParseResult): CsvLineError[] {
  const fields = (details?.fields ?? {}) as Record<string, unknown>;
  const out: CsvLineError[] = [];
  for (const [path, messages] of Object.entries(fields)) {
    const m = /^items\.(\d+)(?:\.(\w+))?$/.exec(path);
    const first = Array.isArray(messages) ? String(messages[0]) : String(messages);
    if (!m) continue;
    const row = result.rows[Number(m[1])];
    out.push({ line: row?.line ?? 0, message: m[2] ? `${m[2]} ${first}` : first });
  }
  return out;
}

/**
 * Import a CSV (symbol, exposure, label; header optional) into a new or an existing watchlist. The file is checked
 * whole in the browser first and the server checks it again; the import lands in one transaction or not at all.
 */
export function ImportCsvDialog({
  open,
  onOpenChange,
  watchlists,
  defaultTargetId,
  onImported,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  watchlists: Watchlist[];
  defaultTargetId: string | null;
  onImported: (watchlist: Watchlist) => void;
}) {
  const fileId = useId();
  const [fileName, setFileName] = useState<string | null>(null);
  const [result, setResult] = useState<CsvParseResult | null>(null);
  const [target, setTarget] = useState<string>(defaultTargetId ?? NEW);
  const [mode, setMode] = useState<"merge" | "replace">("merge");
  const [name, setName] = useState("");
  const [serverErrors, setServerErrors] = useState<CsvLineError[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    // Each opening starts clean, aimed at the watchlist it was opened from.
    setWasOpen(open);
    setFileName(null);
    setResult(null);
    setServerErrors([]);
    setFormError(null);
    setTarget(defaultTargetId ?? NEW);
    setMode("merge");
    setName("");
  }

  const symbols = result && result.errors.length === 0 ? result.rows.map((r) => r.symbol) : [];
  const known = useQuery(knownSymbolsQueryOptions(symbols));
  const unknown = known.data?.unknown ?? [];

  async function choose(file: File | undefined) {
    setServerErrors([]);
    setFormError(null);
    if (!file) return;
    setFileName(file.name);
    if (!name) setName(nameFromFile(file.name));
    if (file.size > MAX_CSV_BYTES) {
      setResult({ rows: [], errors: [{ line: 0, message: `The file is ${Math.round(file.size / 1024)} KB; the import takes at most ${MAX_CSV_BYTES / 1024} KB.` }], hasHeader: false });
      return;
    }
    setResult(parseWatchlistCsv(await file.text()));
  }

  async function submit() {
    if (!result || result.errors.length > 0 || result.rows.length === 0) return;
    const items = result.rows.map(({ line: _line, ...item }) => item);
    setPending(true);
    setServerErrors([]);
    setFormError(null);
    try {
      const saved = target === NEW ? await createWatchlist({ name, items }) : await addWatchlistItems(target, { items, mode });
      onImported(saved);
      onOpenChange(false);
    } catch (e) {
      if (isAlphaError(e)) {
        const lines = serverLineErrors(e.details, result);
        setServerErrors(lines);
        setFormError(lines.length > 0 ? null : e.message);
      } else setFormError("The import failed; nothing was imported. Try again.");
    } finally {
      setPending(false);
    }
  }

  const errors = [...(result?.errors ?? []), ...serverErrors];
  const ready = result !== null && errors.length === 0 && result.rows.length > 0;
  const targetName = watchlists.find((w) => w.id === target)?.name;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl" data-testid="import-csv-dialog">
        <DialogHeader>
          <DialogTitle>Import a watchlist from CSV</DialogTitle>
          <DialogDescription>
            Columns <code className="font-mono">symbol, exposure, label</code>, header optional. Every line is checked first; if any line is wrong, nothing is imported.
          </DialogDescription>
        </DialogHeader>

        <div className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={fileId}>CSV file</Label>
            <label
              htmlFor={fileId}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-dashed px-4 py-3 text-sm text-muted-foreground hover:bg-muted/50 focus-within:ring-[3px] focus-within:ring-ring/50"
            >
              <FileUpIcon aria-hidden className="size-5 shrink-0" />
              <span className="min-w-0 truncate">{fileName ?? "Choose a .csv file"}</span>
              <input
                id={fileId}
                type="file"
                accept=".csv,text/csv,text/plain"
                className="sr-only"
                data-testid="csv-file"
                onChange={(e) => {
                  void choose(e.target.files?.[0]);
                  e.target.value = "";
                }}
              />
            </label>
          </div>

          {result && errors.length > 0 && <LineErrors errors={errors} what="was imported" testId="csv-errors" />}

          {ready && (
            <Alert data-testid="csv-ready">
              <CheckCircle2Icon aria-hidden className="text-positive" />
              <AlertTitle>
                {result.rows.length} {result.rows.length === 1 ? "symbol" : "symbols"} ready{result.hasHeader ? " (header row found)" : ""}
              </AlertTitle>
              <AlertDescription>
                {known.isPending && symbols.length > 0 && <p>Checking the symbols with the Alpha service (free)…</p>}
                {unknown.length > 0 && (
                  <p data-testid="csv-unknown">
                    Not known to the Alpha service: <span className="font-mono">{unknown.join(", ")}</span>. They will be imported and flagged; summaries skip them.
                  </p>
                )}
                {known.data?.note && <p>{known.data.note}</p>}
                {known.isSuccess && unknown.length === 0 && !known.data.note && <p>Every symbol is known to the Alpha service.</p>}
              </AlertDescription>
            </Alert>
          )}

          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor="import-target">Import into</Label>
              <Select value={target} onValueChange={setTarget}>
                <SelectTrigger id="import-target" className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={NEW}>A new watchlist</SelectItem>
                  {watchlists.map((w) => (
                    <SelectItem key={w.id} value={w.id}>
                      {w.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            {target === NEW ? (
              <Field id="import-name" label="Name">
                <Input id="import-name" value={name} maxLength={MAX_WATCHLIST_NAME} onChange={(e) => setName(e.target.value)} placeholder="e.g. Core book" {...fieldAria("import-name")} />
              </Field>
            ) : (
              <div className="grid gap-2">
                <Label htmlFor="import-mode">Symbols already there</Label>
                <Select value={mode} onValueChange={(v) => setMode(v as "merge" | "replace")}>
                  <SelectTrigger id="import-mode" className="w-full">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value="merge">Add to the list (update repeats)</SelectItem>
                    <SelectItem value="replace">Replace the whole list</SelectItem>
                  </SelectContent>
                </Select>
              </div>
            )}
          </div>
          {formError && (
            <p role="alert" className="text-sm text-destructive">
              {formError}
            </p>
          )}
        </div>

        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} disabled={!ready || pending || (target === NEW && name.trim() === "")} data-testid="csv-import-submit">
            {ready
              ? `Import ${result.rows.length} ${result.rows.length === 1 ? "symbol" : "symbols"}${target === NEW ? "" : mode === "replace" ? ` as ${targetName ?? "the list"}` : ` into ${targetName ?? "the list"}`}`
              : "Import"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
