/**
 * Test-only control hook of the e2e server: a tiny JSON API on its own port through which specs store live events,
 * drop streams, and make accounts and companies in the embedded service while a page is open.
 */
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { basename, join } from "node:path";
import { z } from "zod";
import { STREAM_PRODUCTS } from "../lib/alpha/account";
import { ALERT_OUTPUT_TYPES } from "../lib/alpha/alerts";
import { createAccount, issueApiKey } from "../service/accounts";
import type { CompanyRecord } from "../service/dataset/companies";
import { createRng } from "../service/dataset/rng";
import { formatQuarterKey, parseQuarterKey, previousQuarter } from "../lib/alpha/quarters";
import { baseQuarterFinancials, buildEarnings, buildUpcomingEarnings } from "../service/dataset/rows";
import { recordEarnings } from "../service/store/record";
import { insertCompany, insertUpcomingEarnings } from "../service/store/writes";
import type { RunningServer } from "../service/server";
import { importExchange } from "../service/exchange";
import { writeExchangeDay, type ExchangeDay } from "./e2e-exchange-day";
import { dropStreamConnections, recordLiveEvent } from "./live-events";

const eventSchema = z.object({
  product: z.enum(["alerts", "news", "announcements", "block-deals"]),
  symbol: z.string().min(1),
  type: z.enum(ALERT_OUTPUT_TYPES).optional(),
  important: z.boolean().optional(),
  sentiment: z.enum(["positive", "negative", "neutral"]).optional(),
  category: z.string().optional(),
  exchange: z.enum(["NSE", "BSE", "NSE/BSE"]).optional(),
  atMs: z.number().int().positive().optional(),
});

const companySchema = z.object({
  meeting: z.object({ quarter: z.string().regex(/^q[1-4]_\d{2}$/), atMs: z.number().int().positive() }).optional(),
});

const exchangeImportSchema = z.object({ id: z.string().regex(/^[0-9a-f]{8}$/), part: z.enum(["masters", "day"]) });

const accountSchema = z.object({
  name: z.string().optional(),
  plan: z.enum(["sandbox", "starter", "pro"]).default("pro"),
  balance: z.number().int().min(0).optional(),
  symbolsScope: z.boolean().default(true),
  retentionOptOut: z.boolean().optional(),
  websocketAddons: z.array(z.object({ product: z.enum(STREAM_PRODUCTS), tier: z.string(), enabled: z.boolean() })).optional(),
});

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text ? (JSON.parse(text) as unknown) : {};
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}

const resultsSchema = z.object({ quarter: z.string().regex(/^q[1-4]_\d{2}$/) });

/** A new listing (as after an IPO): known to the exchange, no results filed, no board meeting. */
function listNewCompany(running: RunningServer): { symbol: string; company: CompanyRecord } {
  const symbol = `NEWL${randomBytes(3).toString("hex").toUpperCase()}`;
  const company: CompanyRecord = {
    symbol,
    companyName: `${symbol} Limited`,
    scripCode: String(940_000 + Math.floor(Math.random() * 59_999)),
    isin: `INE${randomBytes(3).toString("hex").toUpperCase()}01012`,
    sector: "Industrials",
    industry: "Capital Goods",
    basicIndustry: "Industrial Machinery",
    macroEconomicIndicator: "Industrials",
    marketCapCr: 1_250,
    fiscalYearEnd: "march",
  };
  const db = running.service.ctx.db;
  insertCompany(db, {
    symbol,
    company_name: company.companyName,
    scrip_code: company.scripCode,
    isin: company.isin,
    sector: company.sector,
    industry: company.industry,
    basic_industry: company.basicIndustry,
    macro_economic_indicator: company.macroEconomicIndicator,
    market_cap: company.marketCapCr,
    logo: `/v1/assets/logos/${encodeURIComponent(symbol)}.svg`,
  });
  return { symbol, company };
}

export async function startLiveControl(running: RunningServer): Promise<{ url: string; close: () => Promise<void> }> {
  const issued: string[] = [];
  // Days of exchange files written for the specs, by id: a spec names a day and a part, never a path.
  const days = new Map<string, ExchangeDay>();
  const server = createServer((req, res) => {
    void (async () => {
      try {
        const path = new URL(req.url ?? "/", "http://x").pathname;
        if (req.method === "POST" && path === "/events") return send(res, 201, recordLiveEvent(running, eventSchema.parse(await readJson(req))));
        if (req.method === "POST" && path === "/streams/drop") {
          const before = running.streams.stats().connections;
          dropStreamConnections(running);
          return send(res, 200, { dropped: before });
        }
        if (req.method === "GET" && path === "/streams/stats") return send(res, 200, running.streams.stats());
        if (req.method === "POST" && path === "/accounts") {
          const input = accountSchema.parse(await readJson(req));
          const ctx = running.service.ctx;
          const account = createAccount({
            ctx,
            input: {
              name: input.name ?? `e2e ${randomBytes(4).toString("hex")}`,
              plan: input.plan,
              balance: input.balance ?? (input.plan === "sandbox" ? 1_000 : 1_000_000),
              symbolsScope: input.symbolsScope,
              ...(input.retentionOptOut ? { retentionOptOut: true } : {}),
              ...(input.websocketAddons ? { websocketAddons: input.websocketAddons } : {}),
            },
          });
          const { key } = issueApiKey({ ctx, input: { accountId: account.id, label: "e2e" } });
          issued.push(key);
          return send(res, 201, { accountId: account.id, key });
        }
        if (req.method === "GET" && path === "/keys") return send(res, 200, { keys: issued });
        if (req.method === "POST" && path === "/companies") {
          // A new listing (as after an IPO): known to the exchange, no results filed, no board meeting unless asked.
          const input = companySchema.parse(await readJson(req));
          const { symbol, company } = listNewCompany(running);
          if (input.meeting) insertUpcomingEarnings(running.service.ctx.db, buildUpcomingEarnings(createRng(`e2e-meeting-${symbol}`), company, input.meeting.atMs, { quarter: input.meeting.quarter }));
          return send(res, 201, { symbol });
        }
        if (req.method === "POST" && path === "/results") {
          // A new listing files a quarter's results now, as the simulator files them (table in ₹ crore, standalone).
          const input = resultsSchema.parse(await readJson(req));
          const { symbol, company } = listNewCompany(running);
          const rng = createRng(`e2e-results-${symbol}`);
          const q = parseQuarterKey(input.quarter)!;
          const previousKey = formatQuarterKey(previousQuarter(q));
          const yearAgoKey = formatQuarterKey({ ...q, fy: q.fy - 1 });
          const { row } = buildEarnings(rng, company, Date.now(), {
            quarter: input.quarter,
            current: baseQuarterFinancials(rng, company, input.quarter, 0),
            previous: baseQuarterFinancials(rng, company, previousKey, 0.25),
            yearAgo: baseQuarterFinancials(rng, company, yearAgoKey, 1),
          });
          recordEarnings(running.service.ctx, row);
          return send(res, 201, { symbol, table: row.earnings_table });
        }
        if (req.method === "POST" && path === "/exchange/day") {
          // A day of the exchanges' own files (docs/import/exchange) for a company of the spec's own, not yet imported.
          const day = writeExchangeDay();
          days.set(day.id, day);
          return send(res, 201, { id: day.id, day: day.day, symbol: day.symbol, isin: day.isin, scripCode: day.scripCode, companyName: day.companyName, announcementIds: day.announcementIds });
        }
        if (req.method === "POST" && path === "/exchange/import") {
          // Imported into the running service as `npm run service -- import exchange --dir` would: published as it lands.
          const input = exchangeImportSchema.parse(await readJson(req));
          const day = days.get(input.id);
          if (!day) return send(res, 404, { error: `no exchange day ${input.id}` });
          const summary = await importExchange(running.service.ctx, join(day.dir, input.part));
          return send(res, 200, {
            files: summary.files.map((f) => ({ file: basename(f.file), source: f.source, rows: f.rows, inserted: f.inserted, updated: f.updated, unchanged: f.unchanged, derived: f.derived, skipped: f.skipped, errors: f.errors.length, written: f.written })),
            unrecognized: summary.unrecognized.map((f) => basename(f)),
            refused: summary.refused.map((r) => ({ file: basename(r.file), reason: r.reason })),
          });
        }
        return send(res, 404, { error: "not found" });
      } catch (error) {
        return send(res, 400, { error: error instanceof Error ? error.message : String(error) });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        running.streams.close();
        for (const day of days.values()) rmSync(day.dir, { recursive: true, force: true });
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
