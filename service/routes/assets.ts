import { createHash } from "node:crypto";
import type { Context, Hono } from "hono";
import { AlphaError } from "../../lib/alpha/errors";
import { quarterLabel } from "../../lib/alpha/quarters";
import { toIstIso } from "../../lib/alpha/time";
import type { EarningsTable } from "../../lib/alpha/earnings";
import type { ServiceContext } from "../context";
import type { CompanyRecord } from "../dataset/companies";
import { renderLogoSvg } from "../dataset/logos";
import { buildRecordingWav, buildTranscript, recordingSecondsFor } from "../dataset/transcripts";
import { renderPdf, type PdfLine } from "../documents";
import type { CompanyDbRow } from "../store/wire";
import type { AppEnv } from "../endpoint";
import { verifyAssetSignature } from "../signing";
import { prepared } from "../store/prepared";
import { earningsAttachmentPath } from "./earnings";
import { intimationPath, recordingPath, transcriptPath } from "./concalls";

/**
 * Assets served without a key. Logos are public and cacheable; transcripts, recordings and documents need a
 * signed link (`expires` + `signature` over the path) as handed out by the API.
 */

type CompanyRow = CompanyDbRow;

interface ConcallAssetRow {
  id: string;
  symbol: string;
  quarter: string;
  date: string;
  meeting_date: string;
  has_transcript: number;
  has_recording: number;
  intimation_attachment: string | null;
}

function companyOf(ctx: ServiceContext, symbol: string): CompanyRow | undefined {
  return prepared(
    ctx.db,
    "SELECT symbol, company_name, scrip_code, isin, sector, industry, basic_industry, macro_economic_indicator, market_cap FROM companies WHERE symbol = ?",
  ).get(symbol) as CompanyRow | undefined;
}

/** `ABC.txt` → `ABC` when the extension matches; null otherwise. */
function stripExtension(file: string, ext: string): string | null {
  return file.endsWith(ext) && file.length > ext.length ? file.slice(0, -ext.length) : null;
}

function notFound(what: string): AlphaError {
  return new AlphaError("not_found", `No ${what} here`);
}

/** Verifies the link's signature for the canonical path of the asset, then returns the asset's id. */
function signedId(c: Context<AppEnv>, ext: string, pathOf: (id: string) => string, what: string): string {
  const id = stripExtension(c.req.param("file") ?? "", ext);
  if (!id) throw notFound(what);
  verifyAssetSignature(c.get("ctx"), pathOf(id), c.req.query("expires"), c.req.query("signature"));
  return id;
}

function concallAsset(ctx: ServiceContext, id: string): ConcallAssetRow | undefined {
  return prepared(
    ctx.db,
    "SELECT id, symbol, quarter, date, meeting_date, has_transcript, has_recording, intimation_attachment FROM concalls WHERE id = ?",
  ).get(id) as ConcallAssetRow | undefined;
}

/** Private caching up to the link's expiry: a signed link may be reopened, never shared through a proxy cache. */
function privateCache(c: Context<AppEnv>): string {
  const left = Number(c.req.query("expires")) - Math.floor(c.get("ctx").clock.now().getTime() / 1000);
  return `private, max-age=${Math.max(0, Math.min(left, 3600))}`;
}

/** A signed asset's bytes, shown inline under `filename`, cached privately until its link expires. */
function signedAsset(c: Context<AppEnv>, body: string | Uint8Array, type: string, filename: string): Response {
  return c.body(typeof body === "string" ? body : new Uint8Array(body), 200, {
    "Content-Type": type,
    "Content-Disposition": `inline; filename="${filename}"`,
    "Cache-Control": privateCache(c),
  });
}

function companyRecordOf(company: CompanyRow): CompanyRecord {
  return {
    symbol: company.symbol,
    companyName: company.company_name,
    scripCode: company.scrip_code,
    isin: company.isin,
    sector: company.sector,
    industry: company.industry,
    basicIndustry: company.basic_industry,
    macroEconomicIndicator: company.macro_economic_indicator,
    marketCapCr: company.market_cap,
    fiscalYearEnd: "march",
  };
}

/** The transcript of a call, rebuilt from its row; null when the call has none. */
export function transcriptTextOf(ctx: ServiceContext, id: string): string | null {
  const call = concallAsset(ctx, id);
  return call && call.has_transcript === 1 ? spokenTextOf(ctx, call) : null;
}

/** What was said on a call (the transcript's text, published or not yet): the recording lasts as long as it. */
function spokenTextOf(ctx: ServiceContext, call: NonNullable<ReturnType<typeof concallAsset>>): string | null {
  const company = companyOf(ctx, call.symbol);
  if (!company) return null;
  const results = prepared(ctx.db, "SELECT earnings_table FROM earnings WHERE symbol = ? AND quarter = ? ORDER BY date_ms DESC LIMIT 1").get(
    call.symbol,
    call.quarter,
  ) as { earnings_table: string | null } | undefined;
  return buildTranscript(
    { id: call.id, symbol: call.symbol, quarter: call.quarter, meeting_date: call.meeting_date },
    companyRecordOf(company),
    { earnings_table: results?.earnings_table ? (JSON.parse(results.earnings_table) as EarningsTable) : null },
  );
}

function earningsPdf(ctx: ServiceContext, id: string): Buffer {
  const row = prepared(
    ctx.db,
    "SELECT e.id, e.symbol, e.quarter, e.date, e.summary, e.earnings_table, e.has_attachment, c.company_name, c.scrip_code FROM earnings e JOIN companies c ON c.symbol = e.symbol WHERE e.id = ?",
  ).get(id) as
    | { id: string; symbol: string; quarter: string; date: string; summary: string; earnings_table: string | null; has_attachment: number; company_name: string; scrip_code: string }
    | undefined;
  if (!row || row.has_attachment !== 1) throw notFound("attachment");
  const lines: PdfLine[] = [
    { text: row.company_name, bold: true, size: 16 },
    { text: `NSE: ${row.symbol}   BSE: ${row.scrip_code}` },
    { text: " " },
    { text: `Outcome of Board Meeting - Financial Results for ${quarterLabel(row.quarter)}`, bold: true, size: 12 },
    { text: `Filed ${row.date}` },
    { text: " " },
    { text: row.summary },
  ];
  const table = row.earnings_table ? (JSON.parse(row.earnings_table) as EarningsTable) : null;
  if (table?.rows?.length) {
    lines.push({ text: " " }, { text: `Statement of results${table.unit ? ` (${table.unit})` : ""}`, bold: true, size: 12 });
    if (table.periods?.length) lines.push({ text: ["Particulars", ...table.periods].join("  |  "), bold: true });
    for (const r of table.rows) lines.push({ text: [r.label, ...r.values.map((v) => (v === null ? "-" : v.toLocaleString("en-IN")))].join("  |  ") });
  }
  lines.push({ text: " " }, { text: `Document ${row.id}. Generated by the Alpha service from the filing record.`, size: 8 });
  return renderPdf(lines);
}

function intimationPdf(ctx: ServiceContext, id: string): Buffer {
  const call = concallAsset(ctx, id);
  if (!call?.intimation_attachment) throw notFound("intimation");
  const company = companyOf(ctx, call.symbol);
  const meeting = new Date(call.meeting_date);
  return renderPdf([
    { text: company?.company_name ?? call.symbol, bold: true, size: 16 },
    { text: `NSE: ${call.symbol}${company ? `   BSE: ${company.scrip_code}` : ""}` },
    { text: " " },
    { text: "Intimation of Earnings Conference Call", bold: true, size: 12 },
    { text: " " },
    {
      text:
        `Pursuant to Regulation 30 of the SEBI (Listing Obligations and Disclosure Requirements) Regulations, 2015, we inform you that ` +
        `the Company will hold a conference call with analysts and investors to discuss the financial results for ${quarterLabel(call.quarter)}.`,
    },
    { text: " " },
    { text: `Date and time: ${Number.isNaN(meeting.getTime()) ? call.meeting_date : `${toIstIso(meeting).replace("T", " ").slice(0, 16)} IST`}` },
    { text: "Dial-in details and the access code will be shared with registered participants." },
    { text: " " },
    { text: "This intimation is also available on the website of the Company." },
    { text: " " },
    { text: `Document ${call.id}. Generated by the Alpha service from the filing record.`, size: 8 },
  ]);
}

export function registerAssetRoutes(app: Hono<AppEnv>): void {
  app.get("/v1/assets/logos/:file", (c) => {
    const symbol = stripExtension(c.req.param("file"), ".svg");
    const company = symbol ? companyOf(c.get("ctx"), symbol) : undefined;
    if (!company) throw notFound("logo");
    const svg = renderLogoSvg({ symbol: company.symbol, sector: company.sector, company_name: company.company_name });
    const etag = `"${createHash("sha1").update(svg).digest("base64url")}"`;
    const headers = { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": "public, max-age=86400", ETag: etag };
    if (c.req.header("if-none-match") === etag) return c.body(null, 304, headers);
    return c.body(svg, 200, headers);
  });

  app.get("/v1/assets/transcripts/:file", (c) => {
    const id = signedId(c, ".txt", transcriptPath, "transcript");
    const call = concallAsset(c.get("ctx"), id);
    const text = transcriptTextOf(c.get("ctx"), id);
    if (!call || text === null) throw notFound("transcript");
    return signedAsset(c, text, "text/plain; charset=utf-8", `${call.symbol}-${call.quarter}-transcript.txt`);
  });

  app.get("/v1/assets/recordings/:file", (c) => {
    const id = signedId(c, ".wav", recordingPath, "recording");
    const call = concallAsset(c.get("ctx"), id);
    if (!call || call.has_recording !== 1) throw notFound("recording");
    const spoken = spokenTextOf(c.get("ctx"), call);
    const wav = buildRecordingWav(call.id, spoken === null ? 60 : recordingSecondsFor(spoken));
    return signedAsset(c, wav, "audio/wav", `${call.symbol}-${call.quarter}-recording.wav`);
  });

  app.get("/v1/assets/earnings/:file", (c) => {
    const id = signedId(c, ".pdf", earningsAttachmentPath, "attachment");
    return signedAsset(c, earningsPdf(c.get("ctx"), id), "application/pdf", `${id}.pdf`);
  });

  app.get("/v1/assets/intimations/:file", (c) => {
    const id = signedId(c, ".pdf", intimationPath, "intimation");
    return signedAsset(c, intimationPdf(c.get("ctx"), id), "application/pdf", `${id}-intimation.pdf`);
  });
}
