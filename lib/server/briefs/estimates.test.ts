import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAlphaClient } from "@/lib/alpha/client";
import type { EarningsTable } from "@/lib/alpha/earnings";
import type { RunningServer } from "@/lib/server/core/embedded-service";
import { createTestDesk, makeUser, makeUserWithKey, ManualClock, postgresAvailable, randomName, startTestService, type TestDesk } from "@/test/support/desk";
import { pdfText } from "@/test/support/pdf-text";
import { estimatesDb } from "../core/estimate-tables";
import { createWatchlist } from "../portfolio/watchlists";
import { exportScorecardCsv, exportScorecardPdf, fetchResultTables, getEstimates, getScorecard, uploadEstimates } from "./estimates";
import { parseEstimatesCsv } from "./estimates-csv";
import { countOutcomes, scoreCompany, scoreHeadline, type HeldEstimate } from "./scorecard";

const HEADER = "symbol,quarter,line_item,value,unit,basis,source,as_of";

describe("reading an estimates file", () => {
  it("reads names, labels and Indian dates; lakh and crore; Q2 FY27 or q2_27", () => {
    const out = parseEstimatesCsv(`${HEADER}\nTCS,Q2 FY27,PAT,"10,200",crore,consolidated,own model,01/10/2026\ninfy,q2_27,revenue,4500000,lakh,standalone,broker,2026-10-02\n`);
    expect(out).toEqual({
      ok: true,
      rows: [
        { line: 2, symbol: "TCS", quarter: "q2_27", lineItem: "pat", value: 10200, unit: "crore", basis: "consolidated", source: "own model", asOf: "2026-10-01" },
        { line: 3, symbol: "INFY", quarter: "q2_27", lineItem: "revenue", value: 4500000, unit: "lakh", basis: "standalone", source: "broker", asOf: "2026-10-02" },
      ],
    });
  });

  it("refuses a bad file with every problem's line: unit, basis, duplicate, quarter, line item, value, date", () => {
    const out = parseEstimatesCsv(
      [
        HEADER,
        "TCS,Q2 FY27,PAT,10200,crore,consolidated,model,2026-10-01",
        "INFY,Q2 FY27,PAT,7000,thousand,consolidated,model,2026-10-01",
        "WIPRO,Q2 FY27,PAT,3000,crore,group,model,2026-10-01",
        "TCS,q2_27,pat,10300,crore,consolidated,model,2026-10-02",
        "ITC,Q5 FY27,PAT,5000,crore,standalone,model,2026-10-01",
        "ITC,Q2 FY27,Order inflow,5000,crore,standalone,model,2026-10-01",
        "LT,Q2 FY27,PAT,abc,crore,standalone,model,2026-10-01",
        "SBIN,Q2 FY27,PAT,18000,crore,standalone,model,31/09/2026",
      ].join("\n"),
    );
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.problems).toEqual([
      { line: 3, message: "the unit “thousand” is neither lakh nor crore" },
      { line: 4, message: "the basis “group” is neither consolidated nor standalone" },
      { line: 5, message: "duplicate of line 2: TCS q2_27 pat (consolidated) is estimated twice" },
      { line: 6, message: "the quarter “Q5 FY27” does not parse (write Q2 FY27 or q2_27)" },
      { line: 7, message: "“Order inflow” is not a line item the results tables carry (revenue, total income, EBITDA, PPOP, PBT, PAT)" },
      { line: 8, message: "the value “abc” is not a number" },
      { line: 9, message: "the as-of date “31/09/2026” is not a date (2026-10-01 or 01/10/2026)" },
    ]);
    expect(parseEstimatesCsv("symbol,quarter,value\nTCS,q2_27,1")).toEqual({ ok: false, problems: [{ line: 1, message: expect.stringContaining("lacks line_item, unit, basis, source, as_of") as string }] });
  });
});

/** A results table as the service files it (₹ crore), with the quarter first. */
function table(rows: Record<string, number>, options: { basis?: "consolidated" | "standalone"; standalone?: Record<string, number>; unit?: string } = {}): EarningsTable {
  const asRows = (r: Record<string, number>) => Object.entries(r).map(([label, v]) => ({ label, values: [v, v * 0.9, v * 0.8] }));
  return {
    unit: options.unit ?? "₹ crore",
    periods: ["Q2 FY27", "Q1 FY27", "Q2 FY26"],
    basis: options.basis ?? "consolidated",
    rows: asRows(rows),
    ...(options.standalone ? { standalone: { rows: asRows(options.standalone) } } : {}),
  };
}

const est = (symbol: string, lineItem: HeldEstimate["lineItem"], value: number, unit: "lakh" | "crore" = "crore", basis: "consolidated" | "standalone" = "consolidated"): HeldEstimate => ({ symbol, quarter: "q2_27", lineItem, value, unit, basis });

describe("the scorecard against a fixture counted by hand", () => {
  // Band ±2%. Hand count of the eleven reported names:
  //  A  PAT 1,000 cr est 950 cr → +5.26%            beat
  //  B  PAT 1,000 cr est 1,000 cr → 0%               in line
  //  C  PAT 1,000 cr est 1,10,000 lakh (1,100 cr) → -9.09%  missed (lakh normalised)
  //  D  PAT 500 cr est 49,000 lakh (490 cr) → +2.04%  beat (just above the band)
  //  E  PAT 500 cr est 510 cr → -1.96%               in line (inside the band)
  //  F  no estimate                                   no estimate
  //  G  no estimate                                   no estimate
  //  H  estimate consolidated, filing standalone only not comparable
  //  I  estimate standalone, filing consolidated with standalone lines: standalone PAT 200 vs est 180 → +11.1% beat
  //  J  estimate of Revenue, a bank's filing has Total income only: not comparable
  //  K  estimate held, table not held                 table not held
  const tables: Record<string, EarningsTable | null> = {
    A: table({ "Revenue from operations": 9000, PAT: 1000 }),
    B: table({ "Revenue from operations": 9000, PAT: 1000 }),
    C: table({ PAT: 1000 }),
    D: table({ PAT: 500 }),
    E: table({ PAT: 500 }),
    F: table({ PAT: 10 }),
    G: null,
    H: table({ PAT: 300 }, { basis: "standalone" }),
    I: table({ PAT: 260 }, { standalone: { PAT: 200 } }),
    J: table({ "Total income": 5000, PAT: 900 }),
    K: null,
  };
  const estimates = [
    est("A", "pat", 950),
    est("A", "revenue", 8000),
    est("B", "pat", 1000),
    est("C", "pat", 110000, "lakh"),
    est("D", "pat", 49000, "lakh"),
    est("E", "pat", 510),
    est("H", "pat", 300),
    est("I", "pat", 180, "crore", "standalone"),
    est("J", "revenue", 5200),
    est("K", "pat", 100),
  ];
  const rows = Object.entries(tables).map(([symbol, t]) => scoreCompany({ company: { symbol, company: null, filedAt: "2026-10-15T10:00:00+05:30" }, sector: null, quarter: "q2_27", estimates, table: t, band: 2 }));

  it("counts what the hand count says, and says it in one sentence", () => {
    expect(Object.fromEntries(rows.map((r) => [r.symbol, r.outcome]))).toEqual({
      A: "beat",
      B: "in_line",
      C: "missed",
      D: "beat",
      E: "in_line",
      F: "no_estimate",
      G: "no_estimate",
      H: "not_comparable",
      I: "beat",
      J: "not_comparable",
      K: "table_not_held",
    });
    const counts = countOutcomes(rows);
    expect(counts).toEqual({ reported: 11, beat: 3, inLine: 2, missed: 1, noEstimate: 2, tableNotHeld: 1, notComparable: 2 });
    expect(scoreHeadline(counts)).toBe("11 reported: 3 beat, 2 in line, 1 missed your numbers; 2 have no estimate; 1 awaits its filed table; 2 could not be compared.");
  });

  it("normalises lakh to crore, reads the estimate's basis, and explains each mismatch", () => {
    const by = Object.fromEntries(rows.map((r) => [r.symbol, r]));
    expect(by.A).toMatchObject({ lineItem: "pat", estimateCr: 950, actualCr: 1000, surprisePct: 5.26 });
    expect(by.C).toMatchObject({ estimateCr: 1100, actualCr: 1000, surprisePct: -9.09, note: "your ₹110000 lakh read as ₹1100 crore" });
    expect(by.D).toMatchObject({ estimateCr: 490, surprisePct: 2.04 });
    expect(by.H).toMatchObject({ note: "Your estimate is consolidated; the filing reports standalone figures only", surprisePct: null });
    expect(by.I).toMatchObject({ basis: "standalone", actualCr: 200, surprisePct: 11.11 });
    expect(by.J?.note).toBe("The filing has no Revenue line (it reports Total income, PAT)");
    // A table in lakh is read in lakh too.
    const lakhTable = scoreCompany({ company: { symbol: "L", company: null, filedAt: "" }, sector: null, quarter: "q2_27", estimates: [est("L", "pat", 12)], table: table({ PAT: 1200 }, { unit: "₹ lakh" }), band: 2 });
    expect(lakhTable).toMatchObject({ actualCr: 12, surprisePct: 0, outcome: "in_line" });
  });

  it("never says beat or missed where no estimate is held", () => {
    const none = Object.entries(tables).map(([symbol, t]) => scoreCompany({ company: { symbol, company: null, filedAt: "" }, sector: null, quarter: "q2_27", estimates: [], table: t, band: 2 }));
    const headline = scoreHeadline(countOutcomes(none));
    expect(headline).toBe("11 reported; you hold no estimate for any of them.");
    expect(headline).not.toMatch(/beat|miss/i);
  });
});

describe("estimates and the scorecard on the desk", () => {
  let service: RunningServer;
  let desk: TestDesk;
  beforeAll(async () => {
    service = await startTestService({ clock: new ManualClock("2026-11-25T15:30:00+05:30") });
    desk = await createTestDesk({ config: { alphaBaseUrl: service.url }, now: () => new Date("2026-11-25T15:30:00+05:30") });
  });
  afterAll(async () => {
    await desk?.close();
    await service?.close();
  });

  it("imports nothing from a bad file, keeps every version, buys tables only for reported names with an estimate at the price shown, and scores them", async () => {
    const ctx = desk.ctx;
    const { user, ...account } = await makeUserWithKey({ ctx, service });
    const client = createAlphaClient({ baseUrl: service.url, apiKey: account.key, retries: 0 });
    const symbols = ["TCS", "INFY", "HDFCBANK", "RELIANCE", "ITC", "LT", "SBIN", "MARUTI"];
    const watchlist = await createWatchlist({ ctx, user, input: { name: randomName("wl"), items: symbols.map((symbol) => ({ symbol })) } });

    // A bad file: nothing of it is written.
    await expect(uploadEstimates({ ctx, user, input: { filename: "bad.csv", csv: `${HEADER}\nTCS,Q2 FY27,PAT,9000,crore,consolidated,m,2026-10-01\nTCS,Q2 FY27,PAT,9100,crore,consolidated,m,2026-10-01` } })).rejects.toMatchObject({
      code: "invalid_parameter",
      status: 400,
      message: expect.stringContaining("line 3: duplicate of line 2") as string,
    });
    expect(await estimatesDb({ ctx }).selectFrom("estimates").select("line").where("user_id", "=", user.id).execute()).toEqual([]);
    expect((await getEstimates({ ctx, user })).versions).toEqual([]);

    // Before any estimate, the scorecard never says beat or missed.
    const bare = await getScorecard({ ctx, user, input: { watchlist: watchlist.id, quarter: "q2_27", band: 2 } });
    expect(bare.counts.reported).toBeGreaterThan(3);
    expect(bare.headline).not.toMatch(/beat|miss/i);
    expect(bare.toFetch).toEqual({ symbols: [], credits: 0 });

    // Estimates for three reported names (one in lakh), then a second version that revises one of them.
    const reported = bare.rows.map((r) => r.symbol).filter((s) => s !== "HDFCBANK" && s !== "SBIN").slice(0, 3);
    expect(reported).toHaveLength(3);
    const [a, b, c] = reported as [string, string, string];
    await uploadEstimates({ ctx, user, input: { filename: "v1.csv", csv: `${HEADER}\n${a},Q2 FY27,PAT,1,crore,standalone,model,2026-10-01\n${b},Q2 FY27,PAT,100000000,lakh,standalone,model,2026-10-01\n${c},Q2 FY27,PAT,5,crore,consolidated,model,2026-10-01` } });
    await uploadEstimates({ ctx, user, input: { filename: "v2.csv", csv: `${HEADER}\n${a},Q2 FY27,PAT,2,crore,standalone,model,2026-10-05` } });
    const view = await getEstimates({ ctx, user });
    expect(view.versions.map((v) => v.filename)).toEqual(["v2.csv", "v1.csv"]);
    expect(view.current.find((e) => e.symbol === a)?.value).toBe(2);

    // The price first: under it nothing is bought.
    const before = await getScorecard({ ctx, user, input: { watchlist: watchlist.id, quarter: "q2_27", band: 2 } });
    expect(before.toFetch).toEqual({ symbols: [a, b, c].sort((x, y) => before.rows.findIndex((r) => r.symbol === x) - before.rows.findIndex((r) => r.symbol === y)), credits: 9 });
    const balance = async () => (await client.call("getAccount", {})).data.data.balance;
    const start = await balance();
    expect(await fetchResultTables({ ctx, user, input: { watchlist: watchlist.id, quarter: "q2_27", spendUpTo: 8 } })).toEqual({ price: 9, fetched: 0, credits: 0, failed: [] });
    expect(await balance()).toBe(start);
    expect(await fetchResultTables({ ctx, user, input: { watchlist: watchlist.id, quarter: "q2_27", spendUpTo: 9 } })).toEqual({ price: 9, fetched: 3, credits: 9, failed: [] });
    expect(await balance()).toBe(start - 9);

    const card = await getScorecard({ ctx, user, input: { watchlist: watchlist.id, quarter: "q2_27", band: 2 } });
    const by = Object.fromEntries(card.rows.map((r) => [r.symbol, r]));
    // ₹1 and ₹2 crore against a large company's PAT: a beat; 10 crore crore (in lakh): a miss; c's consolidated estimate
    // against a standalone filing: not comparable.
    expect(by[a]).toMatchObject({ outcome: "beat", estimateCr: 2 });
    expect(by[b]).toMatchObject({ outcome: "missed", estimateCr: 1_000_000, note: "your ₹100000000 lakh read as ₹1000000 crore" });
    expect(by[c]).toMatchObject({ outcome: "not_comparable" });
    expect(card.counts).toMatchObject({ beat: 1, inLine: 0, missed: 1, notComparable: 1, tableNotHeld: 0, noEstimate: card.counts.reported - 3 });
    expect(card.toFetch.credits).toBe(0);
    expect(card.headline).toBe(`${card.counts.reported} reported: 1 beat, 0 in line, 1 missed your numbers; ${card.counts.reported - 3} have no estimate; 1 could not be compared.`);

    const csv = (await exportScorecardCsv({ ctx, user, input: { watchlist: watchlist.id, quarter: "q2_27", band: 2 } })).body as string;
    expect(csv.split("\n")[0]).toBe("symbol,company,sector,filed_at_ist,line_item,basis,estimate_cr,actual_cr,surprise_pct,outcome,note");
    expect(csv.split("\n").filter((l) => l.startsWith(`${a},`))[0]).toContain(",Beat,");
    for (const line of csv.split("\n").slice(1).filter((l) => l && !l.startsWith(`${a},`) && !l.startsWith(`${b},`))) expect(line).not.toMatch(/,(Beat|Missed),/);
    const pdf = await exportScorecardPdf({ ctx, user, input: { watchlist: watchlist.id, quarter: "q2_27", band: 2 } });
    expect(pdfText(new Uint8Array(await new Response(pdf.body).arrayBuffer())).replace(/\s+/g, " ")).toContain("missed your numbers");
  });
});

describe.runIf(await postgresAvailable())("estimates on PostgreSQL", () => {
  it("keeps every version, the latest in force, and refuses a bad file whole", async () => {
    const desk = await createTestDesk({ dialect: "postgres" });
    try {
      const ctx = desk.ctx;
      const user = await makeUser(ctx);
      await uploadEstimates({ ctx, user, input: { filename: "a.csv", csv: `${HEADER}\nTCS,Q2 FY27,PAT,1.5,crore,standalone,m,2026-10-01\nINFY,Q2 FY27,PAT,2,crore,standalone,m,2026-10-01` } });
      await uploadEstimates({ ctx, user, input: { filename: "b.csv", csv: `${HEADER}\nTCS,Q2 FY27,PAT,2.5,crore,standalone,m,2026-10-02` } });
      await expect(uploadEstimates({ ctx, user, input: { filename: "c.csv", csv: `${HEADER}\nTCS,Q2 FY27,PAT,3,crore,standalone,m,2026-10-02\nTCS,Q2 FY27,PAT,x,crore,standalone,m,2026-10-02` } })).rejects.toMatchObject({ code: "invalid_parameter" });
      const view = await getEstimates({ ctx, user });
      expect(view.versions.map((v) => v.filename)).toEqual(["b.csv", "a.csv"]);
      expect(view.current.map((e) => [e.symbol, e.value])).toEqual([["INFY", 2], ["TCS", 2.5]]);
    } finally {
      await desk.close();
    }
  });
});
