/**
 * The exchange sources and the import of a file or a folder of them: each file's source named or detected from its
 * name and first bytes, a folder's files in dependency order (masters, then calendars, then feeds, bhavcopy days by
 * date), each file in its own transaction.
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import type { RecordContext } from "../store/record";
import { importExchangeFile, type ExchangeSource, type FileReport } from "./engine";
import { ExchangeFileError, openText } from "./files";
import { nseCorporateActions } from "./sources/actions";
import { bseAnnouncements, nseAnnouncements } from "./sources/announcements";
import { nseBhavcopy, nseBhavdataFull } from "./sources/bhavcopy";
import { bseResultCalendar, nseBoardMeetings } from "./sources/calendar";
import { nseBlockDeals, nseBulkDeals } from "./sources/deals";
import { bseScrips, nseEquityList } from "./sources/masters";
import { nseFinancialResults, nseResultsComparison } from "./sources/results";

export const EXCHANGE_SOURCES: readonly ExchangeSource[] = [
  bseScrips,
  nseEquityList,
  nseBoardMeetings,
  bseResultCalendar,
  nseResultsComparison,
  nseFinancialResults,
  nseAnnouncements,
  bseAnnouncements,
  nseCorporateActions,
  nseBulkDeals,
  nseBlockDeals,
  nseBhavcopy,
  nseBhavdataFull,
];

export function exchangeSource(name: string): ExchangeSource | undefined {
  return EXCHANGE_SOURCES.find((s) => s.name === name);
}

/** The first few kilobytes of a file's text (inside its archive when zipped). */
async function head(path: string): Promise<{ name: string; head: string }> {
  const { name, stream } = openText(path);
  let text = "";
  for await (const chunk of stream) {
    text += chunk as string;
    if (text.length >= 4096) break;
  }
  stream.destroy();
  return { name, head: text.slice(0, 4096) };
}

/** The source whose file this is, by its name first and then its first bytes; null when none claims it. */
export async function detectSource(path: string): Promise<ExchangeSource | null> {
  const { name, head: text } = await head(path);
  return EXCHANGE_SOURCES.find((s) => s.detect(name, text)) ?? null;
}

export interface ExchangeImportSummary {
  files: FileReport[];
  /** Files of a folder no source claims: left alone. */
  unrecognized: string[];
  /** Files refused whole (malformed), also in `files` with their errors; or unreadable, with the reason. */
  refused: { file: string; reason: string }[];
}

/**
 * Imports one exchange file (its source named or detected) or every file of a folder. A file that cannot be read or
 * has a malformed row is refused whole; the others are still imported.
 */
export async function importExchange(
  ctx: RecordContext,
  target: string,
  options: { source?: string; relay?: boolean; nowMs?: number } = {},
): Promise<ExchangeImportSummary> {
  const named = options.source === undefined ? undefined : exchangeSource(options.source);
  if (options.source !== undefined && !named) throw new ExchangeFileError(`unknown source '${options.source}': one of ${EXCHANGE_SOURCES.map((s) => s.name).join(", ")}`);
  const paths = statSync(target).isDirectory()
    ? readdirSync(target)
        .filter((f) => !f.startsWith("."))
        .map((f) => join(target, f))
        .filter((p) => statSync(p).isFile())
    : [target];
  const summary: ExchangeImportSummary = { files: [], unrecognized: [], refused: [] };
  const plan: { path: string; source: ExchangeSource; key: string }[] = [];
  for (const path of paths) {
    try {
      const source = named ?? (await detectSource(path));
      if (!source) summary.unrecognized.push(path);
      else plan.push({ path, source, key: source.sortKey?.(path.split(/[\\/]/).pop() ?? path) ?? path });
    } catch (e) {
      summary.refused.push({ file: path, reason: (e as Error).message });
    }
  }
  plan.sort((a, b) => a.source.order - b.source.order || a.key.localeCompare(b.key));
  for (const { path, source } of plan) {
    try {
      const { name, stream } = openText(path);
      const report = await importExchangeFile(ctx, source, { path, name, stream }, options);
      summary.files.push(report);
      if (!report.written) summary.refused.push({ file: path, reason: `${report.errors.length} malformed row(s); nothing of the file was written` });
    } catch (e) {
      summary.refused.push({ file: path, reason: (e as Error).message });
    }
  }
  return summary;
}
