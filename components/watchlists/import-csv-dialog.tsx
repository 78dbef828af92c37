"use client";

import { useQuery } from "@tanstack/react-query";
import { CheckCircle2Icon, DownloadIcon, SearchIcon } from "lucide-react";
import { useId, useState } from "react";
import { Field, fieldAria } from "@/components/auth/field";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { FileDrop } from "@/components/ui/file-drop";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { isAlphaError } from "@/lib/alpha/alpha-error";
import { formatCredits } from "@/lib/format/number";
import { deskCall } from "@/lib/desk/client";
import * as api from "@/lib/desk/route-meta/watchlists";
import type { Watchlist } from "@/lib/desk/watchlists";
import { deskQuery } from "@/lib/query/desk";
import { knownSymbolsQuery } from "./known-symbols";
import { MAX_WATCHLIST_NAME } from "@/lib/desk/watchlist-rules";
import type { ColumnMapping, CsvField, CsvLineError, CsvParseResult, CsvTable, ExposureBasis, ValueScale } from "./csv";
import { didYouMean } from "@/lib/symbols/instruments";
import { applyMapping, canImportPart, guessMapping, MAX_CSV_BYTES, readCsvTable, skippedLinesCsv } from "./csv";
import { downloadText } from "./download";
import { exposureDigits, exposureHeading, formatExposure, UNIT_NAMES } from "./exposure";
import { LineErrors } from "./line-errors";

const NEW = "__new__";
const NONE = "none";
const PREVIEW_ROWS = 5;

const FIELD_LABELS: Record<CsvField, string> = {
  symbol: "Symbol",
  isin: "ISIN",
  quantity: "Quantity",
  price: "Price per share",
  value: "Value (₹)",
  weight: "Weight (%)",
  label: "Label",
};
const MAPPED_FIELDS: CsvField[] = ["symbol", "isin", "quantity", "price", "value", "weight", "label"];

const BASIS_LABELS: Record<ExposureBasis, string> = {
  value: "Value in ₹",
  shares: "Shares held",
  weight: "Weight in the book (%)",
  none: "No exposure",
};

const SCALE_LABELS: Record<ValueScale, string> = { rupees: "Rupees", lakh: "Lakh (× 1,00,000)", crore: "Crore (× 1,00,00,000)" };

function nameFromFile(fileName: string): string {
  const base = fileName.replace(/\.[^.]+$/, "").replace(/[-_]+/g, " ").trim();
  return (base.charAt(0).toUpperCase() + base.slice(1)).slice(0, MAX_WATCHLIST_NAME) || "Imported watchlist";
}

/** Server field errors `items.3.symbol` → the file line of item 3. */
function serverLineErrors(details: Record<string, unknown> | undefined, rows: CsvParseResult["rows"]): CsvLineError[] {
  const fields = (details?.fields ?? {}) as Record<string, unknown>;
  const out: CsvLineError[] = [];
  for (const [path, messages] of Object.entries(fields)) {
    const m = /^items\.(\d+)(?:\.(\w+))?$/.exec(path);
    const first = Array.isArray(messages) ? String(messages[0]) : String(messages);
    if (!m) continue;
    const row = rows[Number(m[1])];
    out.push({ line: row?.line ?? 0, message: m[2] ? `${m[2]} ${first}` : first });
  }
  return out;
}

function columnLabel(table: CsvTable, i: number): string {
  const name = table.header?.[i]?.trim();
  return name ? `${name} (column ${i + 1})` : `Column ${i + 1}`;
}

/** The preview's mapping: one select per field, and how exposure is taken. */
function MappingEditor({ table, mapping, onChange }: { table: CsvTable; mapping: ColumnMapping; onChange: (m: ColumnMapping) => void }) {
  const columns = Array.from({ length: table.columnCount }, (_, i) => i);
  return (
    <fieldset className="grid gap-3 rounded-lg border p-3" data-testid="csv-mapping">
      <legend className="px-1 text-sm font-medium">Columns{table.header ? " (from the header row)" : " (the file has no header row)"}</legend>
      <div className="grid gap-3 sm:grid-cols-2 md:grid-cols-3">
        {MAPPED_FIELDS.map((field) => {
          const id = `csv-map-${field}`;
          return (
            <div key={field} className="grid min-w-0 gap-1.5">
              <Label htmlFor={id} className="text-xs">
                {FIELD_LABELS[field]}
              </Label>
              <Select
                value={mapping.fields[field] === null ? NONE : String(mapping.fields[field])}
                onValueChange={(v) => onChange({ ...mapping, fields: { ...mapping.fields, [field]: v === NONE ? null : Number(v) } })}
              >
                <SelectTrigger id={id} size="sm" className="w-full min-w-0" data-testid={id}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={NONE}>Not in the file</SelectItem>
                  {columns.map((i) => (
                    <SelectItem key={i} value={String(i)}>
                      {columnLabel(table, i)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          );
        })}
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor="csv-map-basis" className="text-xs">
            Exposure as
          </Label>
          <Select value={mapping.basis} onValueChange={(v) => onChange({ ...mapping, basis: v as ExposureBasis })}>
            <SelectTrigger id="csv-map-basis" size="sm" className="w-full min-w-0" data-testid="csv-map-basis">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {(Object.keys(BASIS_LABELS) as ExposureBasis[]).map((b) => (
                <SelectItem key={b} value={b}>
                  {BASIS_LABELS[b]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        {mapping.basis === "value" && mapping.fields.value !== null && (
          <div className="grid min-w-0 gap-1.5">
            <Label htmlFor="csv-map-scale" className="text-xs">
              Values in the file are in
            </Label>
            <Select value={mapping.valueIn ?? "rupees"} onValueChange={(v) => onChange({ ...mapping, valueIn: v as ValueScale })}>
              <SelectTrigger id="csv-map-scale" size="sm" className="w-full min-w-0" data-testid="csv-map-scale">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {(Object.keys(SCALE_LABELS) as ValueScale[]).map((k) => (
                  <SelectItem key={k} value={k}>
                    {SCALE_LABELS[k]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        )}
      </div>
      <p className="text-xs text-muted-foreground">
        {mapping.basis === "value"
          ? "Exposure is the value column, or quantity × price where a row has no value; the desk keeps it in rupees."
          : mapping.basis === "shares"
            ? "Exposure is the quantity held."
            : mapping.basis === "weight"
              ? "Exposure is the weight column, in percent of the book."
              : "Symbols only; no exposure is kept."}
      </p>
    </fieldset>
  );
}

function Preview({ result }: { result: CsvParseResult }) {
  const shown = result.rows.slice(0, PREVIEW_ROWS);
  if (shown.length === 0) return null;
  return (
    <div className="grid gap-1" data-testid="csv-preview">
      <p className="text-xs text-muted-foreground">
        What will be imported{result.rows.length > PREVIEW_ROWS ? ` (first ${PREVIEW_ROWS} of ${result.rows.length})` : ""}:
      </p>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead className="w-14">Line</TableHead>
            <TableHead>Symbol</TableHead>
            <TableHead className="text-right">{exposureHeading(result.unit)}</TableHead>
            <TableHead className="hidden sm:table-cell">Label</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {shown.map((r) => (
            <TableRow key={r.line} data-symbol={r.symbol}>
              <TableCell className="font-mono text-xs tabular-nums">{r.line}</TableCell>
              <TableCell className="font-mono text-xs">
                {r.symbol}
                {r.isin && <span className="ml-1 text-muted-foreground">({r.isin})</span>}
              </TableCell>
              <TableCell className="text-right tabular-nums" data-testid="csv-preview-exposure">
                {formatExposure(r.exposure, result.unit, exposureDigits(shown.map((x) => x.exposure), result.unit))}
              </TableCell>
              <TableCell className="hidden max-w-40 truncate sm:table-cell">{r.label ?? ""}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

/** ISIN-only rows: symbols the desk has learnt come free; the rest are priced before anything is spent. */
function IsinLookup({ isins, onResolved }: { isins: string[]; onResolved: (symbols: Record<string, string | null>) => void }) {
  const quote = useQuery({ ...deskQuery(api.resolveIsins, { body: { isins: [...isins].sort() } }), staleTime: 60_000, retry: false });
  const [paying, setPaying] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [handled, setHandled] = useState<unknown>(null);
  if (quote.data && handled !== quote.data) {
    // Pass on what the free answer already mapped, once per answer.
    setHandled(quote.data);
    if (Object.keys(quote.data.symbols).length > 0) onResolved(quote.data.symbols);
  }
  const price = quote.data?.price ?? 0;
  return (
    <Alert data-testid="csv-isins">
      <SearchIcon aria-hidden />
      <AlertTitle>
        {isins.length} {isins.length === 1 ? "row names" : "rows name"} only an ISIN
      </AlertTitle>
      <AlertDescription>
        {quote.isPending && <p>Looking for the symbols the desk already knows…</p>}
        {quote.isError && <p>The desk could not look the ISINs up right now; map a symbol column instead, or try again.</p>}
        {quote.data?.note && <p>{quote.data.note}</p>}
        {quote.data && price > 0 && (
          <div className="grid gap-2">
            <p>
              The Alpha service names ISINs in its symbol data: the metadata of the companies the desk has not seen yet, or its whole symbol catalogue, whichever
              costs less. Finding these costs up to <span className="font-medium text-foreground">{formatCredits(price)}</span>, once for everyone on this desk.
            </p>
            <div>
              <Button
                size="sm"
                variant="outline"
                disabled={paying}
                data-testid="csv-isin-lookup"
                onClick={async () => {
                  setPaying(true);
                  setFailure(null);
                  try {
                    const answer = await deskCall(api.resolveIsins, { body: { isins, spendUpTo: price } });
                    if (answer.note) setFailure(answer.note);
                    onResolved(answer.symbols);
                  } catch (e) {
                    setFailure(isAlphaError(e) ? e.message : "The lookup failed; nothing was charged beyond what the service reports.");
                  } finally {
                    setPaying(false);
                  }
                }}
              >
                <SearchIcon aria-hidden />
                {paying ? "Looking up…" : `Look up the symbols · up to ${formatCredits(price)}`}
              </Button>
            </div>
          </div>
        )}
        {failure && (
          <p role="alert" className="text-destructive">
            {failure}
          </p>
        )}
      </AlertDescription>
    </Alert>
  );
}

/**
 * Import a CSV into a new or an existing watchlist: any file with a header row (broker and depository exports are
 * recognised) or `symbol, exposure, label` without one. The mapping and a preview show before anything is written;
 * lines with problems block the import unless the user chooses to import the good lines and skip them.
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
  const [table, setTable] = useState<CsvTable | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  const [isins, setIsins] = useState<Record<string, string | null>>({});
  const [skipBad, setSkipBad] = useState(false);
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
    setTable(null);
    setMapping(null);
    setIsins({});
    setSkipBad(false);
    setServerErrors([]);
    setFormError(null);
    setTarget(defaultTargetId ?? NEW);
    setMode("merge");
    setName("");
  }

  const result = table && mapping ? applyMapping(table, mapping, { isins }) : null;
  const lineErrors = result?.errors ?? [];
  const partOk = result !== null && canImportPart(result);
  const clean = result !== null && lineErrors.length === 0 && result.pendingIsins.length === 0 && result.rows.length > 0 && !result.tooMany;
  const ready = serverErrors.length === 0 && (clean || (partOk && skipBad));
  const symbols = ready && result ? result.rows.map((r) => r.symbol) : [];
  const known = useQuery(knownSymbolsQuery(symbols));
  const unknown = known.data?.unknown ?? [];

  async function choose(file: File | undefined) {
    setServerErrors([]);
    setFormError(null);
    setSkipBad(false);
    setIsins({});
    if (!file) return;
    setFileName(file.name);
    if (!name) setName(nameFromFile(file.name));
    if (file.size > MAX_CSV_BYTES) {
      const tooBig: CsvTable = { header: null, headerLine: 0, rows: [], delimiter: ",", decimalComma: false, columnCount: 0, errors: [{ line: 0, message: `The file is ${Math.round(file.size / 1024)} KB; the import takes at most ${MAX_CSV_BYTES / 1024} KB.` }] };
      setTable(tooBig);
      setMapping(guessMapping(tooBig));
      return;
    }
    const read = readCsvTable(await file.text());
    setTable(read);
    setMapping(guessMapping(read));
  }

  async function submit() {
    if (!result || !ready) return;
    const items = result.rows.map(({ line: _line, isin: _isin, ...item }) => item);
    const exposureUnit = items.some((i) => i.exposure !== undefined) ? result.unit : null;
    setPending(true);
    setServerErrors([]);
    setFormError(null);
    try {
      const saved = target === NEW ? await deskCall(api.createWatchlist, { body: { name, items, exposureUnit } }) : await deskCall(api.addWatchlistItems, { params: { id: target }, body: { items, mode, exposureUnit } });
      onImported(saved);
      onOpenChange(false);
    } catch (e) {
      if (isAlphaError(e)) {
        const lines = serverLineErrors(e.details, result.rows);
        setServerErrors(lines);
        setFormError(lines.length > 0 ? null : e.message);
      } else setFormError("The import failed; nothing was imported. Try again.");
    } finally {
      setPending(false);
    }
  }

  const targetList = watchlists.find((w) => w.id === target);
  const targetName = targetList?.name;
  // The server refuses a merge in another unit; say so before the button is pressed.
  const unitClash =
    ready &&
    result !== null &&
    mode === "merge" &&
    targetList?.exposureUnit != null &&
    result.unit !== null &&
    result.unit !== targetList.exposureUnit &&
    result.rows.some((r) => r.exposure !== undefined) &&
    targetList.items.some((i) => i.exposure !== null)
      ? `${targetList.name} counts exposure as ${UNIT_NAMES[targetList.exposureUnit]}; this file's is ${UNIT_NAMES[result.unit]}. Replace the list, import into a new watchlist, or change “Exposure as”.`
      : null;
  const skipped = lineErrors.filter((e) => e.line > 0).length;
  const baseName = (fileName ?? "watchlist.csv").replace(/\.[^.]+$/, "");

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[92vh] overflow-y-auto sm:max-w-3xl" data-testid="import-csv-dialog">
        <DialogHeader>
          <DialogTitle>Import a watchlist from CSV</DialogTitle>
          <DialogDescription>
            A broker or depository holdings export, or any CSV with a header row; without one, the columns are <code className="font-mono">symbol, exposure, label</code>. Check
            the columns and the preview, then import. Nothing is written before that.
          </DialogDescription>
        </DialogHeader>

        <div className="grid min-w-0 gap-4">
          <div className="grid gap-2">
            <Label htmlFor={fileId}>CSV file</Label>
            <FileDrop id={fileId} label={fileName ?? "Choose a .csv file"} accept=".csv,text/csv,text/plain" testId="csv-file" onFile={(file) => void choose(file)} className="py-3" />
          </div>

          {table && mapping && table.columnCount > 0 && (
            <MappingEditor
              table={table}
              mapping={mapping}
              onChange={(m) => {
                setMapping(m);
                setSkipBad(false);
                setServerErrors([]);
              }}
            />
          )}

          {result && result.pendingIsins.length > 0 && (
            <IsinLookup key={result.pendingIsins.join(",")} isins={result.pendingIsins} onResolved={(found) => setIsins((had) => ({ ...had, ...found }))} />
          )}

          {result && lineErrors.length > 0 && (
            <LineErrors
              errors={lineErrors}
              what="was imported"
              testId="csv-errors"
              {...(partOk && skipBad
                ? { title: `${skipped} ${skipped === 1 ? "line" : "lines"} will be skipped`, hint: `The other ${result.rows.length} will be imported. Download the skipped lines to fix them.` }
                : partOk
                  ? { hint: "Fix these lines and choose the file again, or import the good lines and skip these." }
                  : {})}
            >
              {partOk && (
                <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-foreground">
                  <div className="flex items-center gap-2">
                    <Switch id="csv-skip-bad" checked={skipBad} onCheckedChange={setSkipBad} data-testid="csv-skip-bad" />
                    <Label htmlFor="csv-skip-bad">
                      Import the {result.rows.length} good {result.rows.length === 1 ? "line" : "lines"}, skip {skipped === 1 ? "this one" : `these ${skipped}`}
                    </Label>
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    data-testid="csv-download-skipped"
                    onClick={() => downloadText(`${baseName}-skipped.csv`, skippedLinesCsv(table ?? { header: null }, lineErrors), "text/csv;charset=utf-8")}
                  >
                    <DownloadIcon aria-hidden />
                    Skipped lines
                  </Button>
                </div>
              )}
            </LineErrors>
          )}

          {result && serverErrors.length > 0 && <LineErrors errors={serverErrors} what="was imported" testId="csv-server-errors" />}

          {result && result.rows.length > 0 && <Preview result={result} />}

          {ready && result && (
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
                    {(known.data?.renamed ?? []).map((r) => (
                      <span key={r.symbol} className="block" data-testid="csv-renamed">
                        <span className="font-mono">{r.symbol}</span>: {didYouMean(r).replace(/^d/, "D")} {r.note}
                      </span>
                    ))}
                  </p>
                )}
                {(known.data?.instruments.length ?? 0) > 0 && (
                  <p data-testid="csv-instruments">
                    Not companies, kept and marked:{" "}
                    {known.data?.instruments.map((i, n) => (
                      <span key={i.symbol}>
                        {n > 0 ? ", " : ""}
                        <span className="font-mono">{i.symbol}</span> ({i.label})
                      </span>
                    ))}
                    . They file no results, so the season leaves them out.
                  </p>
                )}
                {known.data?.note && <p>{known.data.note}</p>}
                {known.isSuccess && unknown.length === 0 && known.data.instruments.length === 0 && !known.data.note && <p>Every symbol is known to the Alpha service.</p>}
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
          {unitClash && (
            <p role="alert" className="text-sm text-destructive" data-testid="csv-unit-clash">
              {unitClash}
            </p>
          )}
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
          <Button onClick={() => void submit()} disabled={!ready || pending || unitClash !== null || (target === NEW && name.trim() === "")} data-testid="csv-import-submit">
            {ready && result
              ? `Import ${result.rows.length} ${result.rows.length === 1 ? "symbol" : "symbols"}${target === NEW ? "" : mode === "replace" ? ` as ${targetName ?? "the list"}` : ` into ${targetName ?? "the list"}`}`
              : "Import"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
