"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { DownloadIcon, PlusIcon, RotateCcwIcon, Trash2Icon, UploadIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { toast } from "@/components/ui/toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ClockInput, DayInput } from "@/components/shell/typed-date-time-inputs";
import { NativeSelect, NativeSelectOptions } from "@/components/ui/native-select";
import { HiddenHead, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { isAlphaError } from "@/lib/alpha/alpha-error";
import * as adminApi from "@/lib/desk/route-meta/admin";
import * as marketApi from "@/lib/desk/route-meta/market";
import { formatIstDate, formatIstDateTime } from "@/lib/format/time";
import { toIstIso } from "@/lib/alpha/time";
import type { MarketCalendar, SessionWindow, SpecialSession } from "@/lib/market/calendar";
import { NSE_CALENDAR } from "@/lib/market/calendar";
import { importOnce } from "@/lib/import-once";
import { deskKey, deskQuery, useDeskMutation } from "@/lib/query/desk";
import { cn } from "@/lib/utils";

const SESSION_NAMES: Record<SessionWindow["id"], string> = {
  block_morning: "Block deal window (morning)",
  pre_open: "Pre-open order entry",
  pre_open_matching: "Pre-open matching",
  normal: "Normal market",
  closing_price: "Closing price calculation",
  closing: "Closing session",
  block_afternoon: "Block deal window (afternoon)",
};
const KIND_NAMES: Record<SpecialSession["kind"], string> = { muhurat: "Muhurat trading", budget: "Budget day", special: "Other special session" };

/**
 * The calendar's schema (zod, ~32 kB gzip) is fetched when the admin first comes to the editor (pointer or focus) or
 * first edits it, not with the admin page. The server checks the calendar with the same schema on save.
 */
const loadCalendarSchema = importOnce(() => import("@/lib/market/calendar-schema"));
type CalendarSchema = Awaited<ReturnType<typeof loadCalendarSchema>>["marketCalendarSchema"];
const preloadCalendarSchema = () => void loadCalendarSchema().catch(() => undefined);

/** Problems of a draft, in words for people (the schema's messages with where they are). */
function problemsOf(marketCalendarSchema: CalendarSchema, draft: MarketCalendar): string[] {
  const parsed = marketCalendarSchema.safeParse(draft);
  if (parsed.success) return [];
  return parsed.error.issues.map((i) => {
    const [section, index] = i.path;
    const where =
      section === "holidays" && typeof index === "number"
        ? `Holiday ${draft.holidays[index]?.date ?? index + 1}`
        : section === "specialSessions" && typeof index === "number"
          ? `Special session ${draft.specialSessions[index]?.date ?? index + 1}`
          : section === "sessions"
            ? "Session times"
            : "The calendar";
    return `${where}: ${i.message}`;
  });
}

function sortByDate<T extends { date: string }>(rows: T[]): T[] {
  return [...rows].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

function windowsText(windows: readonly SessionWindow[]): string {
  return windows.map((w) => `${SESSION_NAMES[w.id]} ${w.from}–${w.to}`).join(", ");
}

/**
 * The market calendar as an admin edits it: session times, weekday holidays, special sessions (Muhurat, Budget day),
 * import and export as a JSON file, and the kept history of saves. The status badge, the live feeds, scheduled briefs
 * and the embedded simulator all read the saved calendar.
 */
/** The date and name of a day being added (a holiday, a special session); `id` prefixes the fields' ids. */
function DayAndName({ id, value, onChange, nameClassName }: { id: string; value: { date: string; name: string }; onChange: (next: { date?: string; name?: string }) => void; nameClassName: string }) {
  return (
    <>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-date`}>Date</Label>
        <DayInput id={`${id}-date`} className="w-32" value={value.date} onChange={(date) => onChange({ date })} />
      </div>
      <div className={cn("flex min-w-0 flex-1 flex-col gap-1", nameClassName)}>
        <Label htmlFor={`${id}-name`}>Name</Label>
        <Input id={`${id}-name`} maxLength={80} value={value.name} onChange={(e) => onChange({ name: e.target.value })} />
      </div>
    </>
  );
}

export function MarketCalendarEditor() {
  const queryClient = useQueryClient();
  const active = useQuery(deskQuery(marketApi.getMarketCalendar));
  const versions = useQuery(deskQuery(adminApi.listMarketCalendarVersions));
  const [draft, setDraft] = useState<MarketCalendar | null>(null);
  const [note, setNote] = useState("");
  const [holiday, setHoliday] = useState({ date: "", name: "" });
  const [special, setSpecial] = useState({ date: "", name: "", kind: "muhurat" as SpecialSession["kind"], preFrom: "", preTo: "", from: "", to: "" });
  const [importError, setImportError] = useState<string | null>(null);
  const [showEarlier, setShowEarlier] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const [schema, setSchema] = useState<{ ok: CalendarSchema } | { failed: true } | null>(null);

  const current = draft ?? active.data?.calendar ?? null;
  const dirty = draft !== null;
  // Until the schema is here an edited draft counts as unchecked: it cannot be saved (a moment, on a first edit).
  const problems =
    current && dirty
      ? schema === null
        ? null
        : "ok" in schema
          ? problemsOf(schema.ok, current)
          : ["The calendar's checks could not be loaded. Reload the page to save."]
      : [];

  useEffect(() => {
    if (!dirty || schema !== null) return;
    let live = true;
    loadCalendarSchema().then(
      (m) => live && setSchema({ ok: m.marketCalendarSchema }),
      () => live && setSchema({ failed: true }),
    );
    return () => {
      live = false;
    };
  }, [dirty, schema]);

  const save = useDeskMutation(adminApi.saveMarketCalendar, {
    onSuccess: (saved) => {
      queryClient.setQueryData(deskKey("getMarketCalendar"), saved);
      setDraft(null);
      setNote("");
      toast.success("Market calendar saved. Status, live feeds and scheduled briefs follow it now.");
    },
    onError: (e) => toast.error(isAlphaError(e) ? e.message : "The calendar was not saved. Try again."),
  });

  if (!current) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>Market calendar</CardTitle>
          <CardDescription>{active.isError ? "The calendar could not be loaded. Reload the page." : "Loading the calendar…"}</CardDescription>
        </CardHeader>
      </Card>
    );
  }

  const edit = (change: (c: MarketCalendar) => MarketCalendar) => setDraft(change(current));
  // The list opens at this year's first holiday: earlier years are history, one click away.
  const yearStart = `${toIstIso(new Date()).slice(0, 4)}-01-01`;
  const earlier = current.holidays.filter((h) => h.date < yearStart).length;
  const shownHolidays = showEarlier ? current.holidays : current.holidays.filter((h) => h.date >= yearStart);
  const setSession = (index: number, field: "from" | "to", value: string) =>
    edit((c) => ({ ...c, sessions: c.sessions.map((s, i) => (i === index ? { ...s, [field]: value } : s)) }));
  const addHoliday = () => {
    if (!holiday.date || !holiday.name.trim()) return;
    edit((c) => ({ ...c, holidays: sortByDate([...c.holidays, { date: holiday.date, name: holiday.name.trim() }]) }));
    setHoliday({ date: "", name: "" });
  };
  const addSpecial = () => {
    if (!special.date || !special.name.trim() || !special.from || !special.to) return;
    const sessions: SessionWindow[] = [
      ...(special.preFrom && special.preTo ? [{ id: "pre_open" as const, from: special.preFrom, to: special.preTo }] : []),
      { id: "normal", from: special.from, to: special.to },
    ];
    edit((c) => ({ ...c, specialSessions: sortByDate([...c.specialSessions, { date: special.date, name: special.name.trim(), kind: special.kind, sessions }]) }));
    setSpecial({ date: "", name: "", kind: "muhurat", preFrom: "", preTo: "", from: "", to: "" });
  };
  const exportFile = () => {
    const blob = new Blob([`${JSON.stringify(current, null, 2)}\n`], { type: "application/json" });
    const url = URL.createObjectURL(blob);
    const a = document.createElement("a");
    a.href = url;
    a.download = `market-calendar-${current.exchange.toLowerCase()}.json`;
    a.click();
    URL.revokeObjectURL(url);
  };
  const importFile = async (file: File) => {
    setImportError(null);
    let json: unknown;
    try {
      json = JSON.parse(await file.text());
    } catch {
      setImportError(`${file.name} is not a JSON file.`);
      return;
    }
    let marketCalendarSchema: CalendarSchema;
    try {
      ({ marketCalendarSchema } = await loadCalendarSchema());
    } catch {
      setImportError(`${file.name} could not be checked: the calendar's checks did not load. Reload the page and try again.`);
      return;
    }
    const parsed = marketCalendarSchema.safeParse(json);
    if (!parsed.success) {
      setImportError(`${file.name} is not a market calendar: ${parsed.error.issues.slice(0, 3).map((i) => `${i.path.join(".") || "file"}: ${i.message}`).join("; ")}.`);
      return;
    }
    setDraft(parsed.data);
    toast.message(`Loaded ${file.name}. Review it, then save.`);
  };

  return (
    <Card data-testid="market-calendar-editor" onPointerEnter={preloadCalendarSchema} onFocus={preloadCalendarSchema}>
      <CardHeader>
        <CardTitle>
          <h2>Market calendar</h2>
        </CardTitle>
        <CardDescription>
          Sessions, holidays and special sessions the desk goes by: the market status, the live feeds, scheduled briefs and the embedded service.{" "}
          {active.data?.source === "edited" && active.data.updatedAt
            ? `Last saved by ${active.data.updatedBy ?? "an admin"} on ${formatIstDateTime(active.data.updatedAt)}.`
            : "This is the built-in NSE calendar; nobody has edited it yet."}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <section aria-labelledby="cal-sessions" className="flex flex-col gap-2">
          <h3 id="cal-sessions" className="text-sm font-semibold">
            Session times (IST)
          </h3>
          <div className="grid gap-2 sm:grid-cols-2">
            {current.sessions.map((s, i) => (
              <fieldset key={`${s.id}-${i}`} className="flex min-w-0 flex-wrap items-center gap-2 rounded-md border px-3 py-2">
                <legend className="sr-only">{SESSION_NAMES[s.id]}</legend>
                <span className="min-w-0 flex-1 basis-40 text-sm">{SESSION_NAMES[s.id]}</span>
                <span className="flex flex-wrap items-center gap-2">
                  <ClockInput aria-label={`${SESSION_NAMES[s.id]} starts`} className="w-24" value={s.from} onChange={(v) => setSession(i, "from", v)} />
                  <span aria-hidden>–</span>
                  <ClockInput aria-label={`${SESSION_NAMES[s.id]} ends`} className="w-24" value={s.to} onChange={(v) => setSession(i, "to", v)} />
                </span>
              </fieldset>
            ))}
          </div>
        </section>

        <section aria-labelledby="cal-holidays" className="flex flex-col gap-2">
          <h3 id="cal-holidays" className="text-sm font-semibold">
            Trading holidays <span className="font-normal text-muted-foreground">({current.holidays.length})</span>
          </h3>
          <Table label="Trading holidays" containerClassName="max-h-72 overflow-auto rounded-md border">
            <TableHeader>
              <TableRow>
                <TableHead>Date</TableHead>
                <TableHead>Holiday</TableHead>
                <HiddenHead label="Remove" className="w-12" />
              </TableRow>
            </TableHeader>
            <TableBody>
              {shownHolidays.map((h) => (
                <TableRow key={h.date} data-testid="calendar-holiday" data-date={h.date}>
                  <TableCell className="whitespace-nowrap tabular-nums">{formatIstDate(`${h.date}T12:00:00+05:30`, { weekday: true })}</TableCell>
                  <TableCell className="whitespace-normal">
                    {h.name} {h.provisional && <span className="text-xs whitespace-nowrap text-muted-foreground">(provisional)</span>}
                  </TableCell>
                  <TableCell className="text-right">
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Remove the holiday ${h.name} on ${h.date}`}
                      onClick={() => edit((c) => ({ ...c, holidays: c.holidays.filter((x) => x.date !== h.date) }))}
                    >
                      <Trash2Icon aria-hidden />
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {earlier > 0 && (
            <Button variant="link" size="sm" className="self-start px-0" onClick={() => setShowEarlier((v) => !v)} data-testid="calendar-earlier-holidays">
              {showEarlier ? `Hide the ${earlier} holidays before ${yearStart.slice(0, 4)}` : `Show ${earlier} earlier holidays`}
            </Button>
          )}
          <div className="flex flex-wrap items-end gap-2">
            <DayAndName id="holiday" value={holiday} onChange={(v) => setHoliday({ ...holiday, ...v })} nameClassName="basis-48" />
            <Button variant="outline" onClick={addHoliday} disabled={!holiday.date || !holiday.name.trim()}>
              <PlusIcon aria-hidden /> Add holiday
            </Button>
          </div>
        </section>

        <section aria-labelledby="cal-special" className="flex flex-col gap-2">
          <h3 id="cal-special" className="text-sm font-semibold">
            Special sessions
          </h3>
          <ul className="flex flex-col gap-1">
            {current.specialSessions.map((s) => (
              <li key={s.date} data-testid="calendar-special" data-date={s.date} className="flex flex-wrap items-center gap-2 rounded-md border px-3 py-2 text-sm">
                <span className="tabular-nums">{formatIstDate(`${s.date}T12:00:00+05:30`, { weekday: true })}</span>
                <span className="font-medium">{s.name}</span>
                <Badge variant="outline">{KIND_NAMES[s.kind]}</Badge>
                <span className="min-w-0 flex-1 basis-56 text-muted-foreground">{windowsText(s.sessions)}</span>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove the special session ${s.name} on ${s.date}`}
                  onClick={() => edit((c) => ({ ...c, specialSessions: c.specialSessions.filter((x) => x.date !== s.date) }))}
                >
                  <Trash2Icon aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap items-end gap-2">
            <DayAndName id="special" value={special} onChange={(v) => setSpecial({ ...special, ...v })} nameClassName="basis-40" />
            <div className="flex flex-col gap-1">
              <Label htmlFor="special-kind">Kind</Label>
              <NativeSelect
                id="special-kind"
                className="w-48"
                value={special.kind}
                onChange={(e) => setSpecial({ ...special, kind: (Object.keys(KIND_NAMES) as SpecialSession["kind"][]).find((k) => k === e.target.value) ?? special.kind })}
              >
                <NativeSelectOptions values={Object.keys(KIND_NAMES) as SpecialSession["kind"][]} label={(k) => KIND_NAMES[k]} />
              </NativeSelect>
            </div>
            <div className="flex flex-col gap-1">
              <Label htmlFor="special-pre-from">Pre-open from (optional)</Label>
              <ClockInput id="special-pre-from" className="w-24" value={special.preFrom} onChange={(v) => setSpecial({ ...special, preFrom: v })} />
            </div>
            <div className="flex flex-col gap-1">
              <Label htmlFor="special-pre-to">to</Label>
              <ClockInput id="special-pre-to" className="w-24" value={special.preTo} onChange={(v) => setSpecial({ ...special, preTo: v })} />
            </div>
            <div className="flex flex-col gap-1">
              <Label htmlFor="special-from">Trading from</Label>
              <ClockInput id="special-from" className="w-24" value={special.from} onChange={(v) => setSpecial({ ...special, from: v })} />
            </div>
            <div className="flex flex-col gap-1">
              <Label htmlFor="special-to">to</Label>
              <ClockInput id="special-to" className="w-24" value={special.to} onChange={(v) => setSpecial({ ...special, to: v })} />
            </div>
            <Button variant="outline" onClick={addSpecial} disabled={!special.date || !special.name.trim() || !special.from || !special.to}>
              <PlusIcon aria-hidden /> Add special session
            </Button>
          </div>
        </section>

        <section aria-labelledby="cal-save" className="flex flex-col gap-3 border-t pt-4">
          <h3 id="cal-save" className="sr-only">
            Save, import and export
          </h3>
          {problems && problems.length > 0 && (
            <ul role="alert" data-testid="calendar-problems" className="list-disc rounded-md border border-destructive/40 px-6 py-2 text-sm">
              {problems.slice(0, 6).map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          )}
          {importError && (
            <p role="alert" className="text-sm text-destructive">
              {importError}
            </p>
          )}
          <div className="flex flex-wrap items-end gap-2">
            <div className="flex min-w-0 flex-1 basis-56 flex-col gap-1">
              <Label htmlFor="calendar-note">What changed (kept with this version)</Label>
              <Input id="calendar-note" maxLength={200} value={note} onChange={(e) => setNote(e.target.value)} />
            </div>
            <Button onClick={() => save.mutate({ body: { calendar: current, ...(note.trim() ? { note: note.trim() } : {}) } })} disabled={!dirty || problems === null || problems.length > 0 || save.isPending}>
              {save.isPending ? "Saving…" : "Save calendar"}
            </Button>
            {dirty && (
              <Button variant="ghost" onClick={() => setDraft(null)}>
                Discard changes
              </Button>
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={exportFile}>
              <DownloadIcon aria-hidden /> Export as JSON
            </Button>
            <Button variant="outline" onClick={() => fileInput.current?.click()}>
              <UploadIcon aria-hidden /> Import a JSON file
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept="application/json,.json"
              className="sr-only"
              tabIndex={-1}
              aria-label="Market calendar file to import"
              data-testid="calendar-import"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void importFile(file);
                e.target.value = "";
              }}
            />
            <Button variant="ghost" onClick={() => setDraft(NSE_CALENDAR)}>
              <RotateCcwIcon aria-hidden /> Start from the built-in NSE calendar
            </Button>
          </div>
        </section>

        <section aria-labelledby="cal-history" className="flex flex-col gap-2">
          <h3 id="cal-history" className="text-sm font-semibold">
            Saved versions
          </h3>
          {versions.data && versions.data.length > 0 ? (
            <ol className="flex flex-col gap-1 text-sm" data-testid="calendar-versions">
              {versions.data.map((v) => (
                <li key={v.id} className="flex flex-wrap gap-x-2">
                  <span className="tabular-nums">{formatIstDateTime(v.createdAt)}</span>
                  <span>by {v.createdBy}</span>
                  <span className="text-muted-foreground">
                    {v.holidays} holidays, {v.specialSessions} special sessions{v.note ? ` · ${v.note}` : ""}
                  </span>
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-sm text-muted-foreground">No saved versions yet.</p>
          )}
        </section>
      </CardContent>
    </Card>
  );
}
