import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAlphaClient } from "@/lib/alpha/client";
import type { Concall } from "@/lib/alpha/concalls";
import type { RunningServer } from "@/lib/server/core/embedded-service";
import { pdfPageCount, pdfText } from "@/test/support/pdf-text";
import { createTestDesk, makeAccount, makeUser, makeUserWithKey, ManualClock, randomName, startTestService, type TestDesk } from "@/test/support/desk";
import { createWatchlist } from "../portfolio/watchlists";
import { sweepExpiredRows } from "../schedules/desk-jobs";
import { callAlpha } from "../upstream/alpha-proxy";
import { saveAlphaKey } from "../upstream/stored-keys";
import { composeConcallBrief, FROM_ANALYSIS, locateInTranscript, transcriptParagraphs, whatChanged } from "./concall-brief-compose";
import { downloadConcallBrief, downloadConcallRoundup, getConcallBrief, getConcallRoundup } from "./concall-briefs";

/** Two quarters of one company's call analyses, written by hand: every difference below is counted in the test. */
const Q1: Concall = {
  id: "cc_q1",
  symbol: "ZEPHYR",
  quarter: "q1_27",
  date: "2026-07-15T14:20:00",
  short_analysis: {
    guidance:
      "Management reiterated its FY27 revenue growth guidance of 12% to 14%. The company targets revenue of ₹5.58 lakh crore by FY28, implying a compounded growth rate of about 14.5%. Capex for FY27 will be about ₹1,200 crore.",
    redflags: "Client concentration remains high, with the top five customers accounting for over half of revenue.",
  },
  sentiment_analysis: { sentiment: { key_indicators: { positive: ["Pricing power intact", "Net cash balance sheet"], negative: ["Rising interest costs"] } } },
  expanded_analysis: {
    sections: [
      { heading: "Quarter in numbers", paragraphs: ["Revenue for Q1 FY27 was ₹69,195.08 crore, up 15.1% YoY; EBITDA rose 18.2% with the margin at 23.5% (+62 bps YoY), and PAT grew 18.0% to ₹13,487.55 crore."] },
      { heading: "Balance sheet", paragraphs: ["The company ended the quarter with cash and investments of ₹1.53 lakh crore."] },
    ],
  },
};

const Q2: Concall = {
  id: "cc_q2",
  symbol: "ZEPHYR",
  quarter: "q2_27",
  date: "2026-10-14T18:11:00",
  short_analysis: {
    guidance:
      "Management lowered its FY27 revenue growth guidance to 9% to 11%. The company targets revenue of ₹5.58 lakh crore by FY28, implying a compounded growth rate of about 14.5%. Working capital days should improve by 10 days over the next four quarters.",
    redflags:
      "Client concentration remains high, with the top five customers accounting for over half of revenue. Contingent liabilities, largely related to tax disputes, have risen to ₹11,200 crore.",
  },
  sentiment_analysis: { sentiment: { key_indicators: { positive: ["Net cash balance sheet", "Cost optimisation benefits"], negative: ["Rising interest costs", "Execution slippages"] } } },
  expanded_analysis: {
    sections: [
      { heading: "Quarter in numbers", paragraphs: ["Revenue for Q2 FY27 was ₹62,293.55 crore, up 10.3% YoY; EBITDA rose 6.7% with the margin at 21.3% (-72 bps YoY), and PAT declined 6.4% to ₹9,587.02 crore."] },
      { heading: "Balance sheet", paragraphs: ["The company ended the quarter with cash and investments of ₹1.53 lakh crore."] },
    ],
  },
};

const TRANSCRIPT_Q2 = [
  "Zephyr Industries Ltd.\nQ2 FY27 Earnings Conference Call\nOctober 14, 2026, 4:00 PM IST",
  "Moderator: Ladies and gentlemen, good day and welcome to the call.",
  "CFO: Given the softer demand, we have lowered our FY27 revenue growth guidance to 9% to 11%, and we still target revenue of ₹5.58 lakh crore by FY28.",
  "CFO: Contingent liabilities, largely related to tax disputes, have risen to ₹11,200 crore.",
].join("\n\n");

describe("what changed between two quarters of fixture analyses", () => {
  it("names each new risk, cleared risk, dropped and new positive, moved guidance wording and moved figure, and nothing else", () => {
    const changes = whatChanged({ call: Q2, transcript: null }, { call: Q1, transcript: null });
    expect(changes.map((c) => [c.kind, c.text])).toEqual([
      ["new_risk", "New red flag: Contingent liabilities, largely related to tax disputes, have risen to ₹11,200 crore."],
      ["new_risk", "New negative indicator: Execution slippages"],
      ["dropped_positive", "Dropped positive: Pricing power intact"],
      ["new_positive", "New positive: Cost optimisation benefits"],
      [
        "guidance_moved",
        "Guidance wording moved. Q1 FY27: “Management reiterated its FY27 revenue growth guidance of 12% to 14%.” Q2 FY27: “Management lowered its FY27 revenue growth guidance to 9% to 11%.”",
      ],
      ["guidance_new", "New in guidance: “Working capital days should improve by 10 days over the next four quarters.”"],
      ["guidance_dropped", "No longer in guidance: “Capex for FY27 will be about ₹1,200 crore.”"],
      ["number_moved", "Revenue: ₹69,195.08 crore (Q1 FY27) → ₹62,293.55 crore (Q2 FY27)"],
      ["number_moved", "EBITDA margin: 23.5% (Q1 FY27) → 21.3% (Q2 FY27)"],
      ["number_moved", "PAT: ₹13,487.55 crore (Q1 FY27) → ₹9,587.02 crore (Q2 FY27)"],
    ]);
    // Without transcripts every line is referenced to the analyses.
    for (const c of changes) expect(c.ref).toMatch(/from the service's analysis/);
    // The same call twice: nothing changed.
    expect(whatChanged({ call: Q2, transcript: null }, { call: { ...Q2, quarter: "q1_27" }, transcript: null })).toEqual([]);
  });

  it("refers a line to the transcript paragraph that says it when the transcript is held, and times the call from its header", () => {
    const paragraphs = transcriptParagraphs(TRANSCRIPT_Q2);
    expect(locateInTranscript("Contingent liabilities, largely related to tax disputes, have risen to ₹11,200 crore.", paragraphs)).toBe("transcript ¶4");
    expect(locateInTranscript("Pricing power intact", paragraphs)).toBeNull();
    const brief = composeConcallBrief({ symbol: "ZEPHYR", company: "Zephyr Industries Ltd.", quarter: "q2_27", previousQuarter: "q1_27", current: { call: Q2, transcript: TRANSCRIPT_Q2 }, previous: { call: Q1, transcript: null } });
    expect(brief.callTime).toEqual({ text: "Call held 14 Oct 2026, 16:00 IST", ref: "transcript ¶1" });
    expect(brief.redFlags[1]).toEqual({ text: "Contingent liabilities, largely related to tax disputes, have risen to ₹11,200 crore.", ref: "transcript ¶4" });
    expect(brief.guidance[0]?.ref).toBe("transcript ¶3");
    expect(brief.indicators.positive[0]?.ref).toBe(FROM_ANALYSIS);
    expect(brief.changes.lines.find((c) => c.kind === "new_risk")?.ref).toBe("Q2 FY27: transcript ¶4");
    // Every line of the text carries a reference in brackets, but the headings, blank lines and the title.
    const body = brief.text.split("\n").filter((l) => /^[-+−] /.test(l));
    expect(body.length).toBeGreaterThan(10);
    for (const line of body) expect(line).toMatch(/\[(?:.*transcript ¶\d+.*|.*from the service's analysis.*)\]$/);
    expect(brief.text).toContain("What changed since the Q1 FY27 call");
  });

  it("says nothing is compared when the previous quarter's analysis is not held", () => {
    const brief = composeConcallBrief({ symbol: "ZEPHYR", company: null, quarter: "q2_27", previousQuarter: "q1_27", current: { call: Q2, transcript: null }, previous: null });
    expect(brief.changes).toEqual({ previousQuarter: "q1_27", held: false, lines: [] });
    expect(brief.text).toContain("does not hold the Q1 FY27 call's analysis");
    expect(brief.callTime.text).toBe("Analysis filed 14 Oct 2026, 18:11 IST (the call itself is timed in the transcript, not held)");
  });
});

describe("concall briefs on the desk, from what it holds", () => {
  let service: RunningServer;
  let desk: TestDesk;
  let now = Date.parse("2026-11-25T15:30:00+05:30");
  beforeAll(async () => {
    service = await startTestService({ clock: new ManualClock("2026-11-25T15:30:00+05:30") });
    desk = await createTestDesk({ config: { alphaBaseUrl: service.url }, now: () => new Date(now) });
  });
  afterAll(async () => {
    await desk?.close();
    await service?.close();
  });

  async function balanceOf(key: string): Promise<number> {
    const client = createAlphaClient({ baseUrl: service.url, apiKey: key, retries: 0 });
    return (await client.call("getAccount", {})).data.data.balance;
  }

  it("briefs a held call at 0 credits with what changed, keeps it past the cache's sweep, renders one PDF page, and refuses a call not held", async () => {
    const ctx = desk.ctx;
    const { user, ...account } = await makeUserWithKey({ ctx, service });
    await expect(getConcallBrief({ ctx, user, input: { symbol: "TCS", quarter: "q2_27" } })).rejects.toMatchObject({ code: "not_found", status: 404 });

    // The user opens two calls' analyses on the desk (3 credits each) and buys the later one's transcript link.
    const q2 = (await callAlpha({ ctx, user, id: "getConcallDetail", input: { query: { symbol: "TCS", quarter: "q2_27", detailed: true } } })).data;
    const q1 = (await callAlpha({ ctx, user, id: "getConcallDetail", input: { query: { symbol: "TCS", quarter: "q1_27", detailed: true } } })).data;
    await callAlpha({ ctx, user, id: "lookupConcallTranscripts", input: { body: { items: [{ symbol: "TCS", quarter: "q2_27" }] } } });
    const before = await balanceOf(account.key);

    const brief = await getConcallBrief({ ctx, user, input: { symbol: "TCS", quarter: "q2_27" } });
    expect(brief.credits).toBe(0);
    expect(brief.transcriptHeld).toBe(true);
    expect(brief.callTime.ref).toMatch(/^transcript ¶\d+$/);
    expect(brief.guidance.map((g) => g.text).join(" ")).toBe(q2.short_analysis?.guidance?.replace(/\s+/g, " ").trim());
    expect(brief.changes.held).toBe(true);
    const kindsAndTexts = (lines: { kind: string; text: string }[]) => lines.map((c) => [c.kind, c.text]);
    expect(kindsAndTexts(brief.changes.lines)).toEqual(kindsAndTexts(whatChanged({ call: q2, transcript: null }, { call: q1, transcript: null })));
    expect(brief.changes.lines.length).toBeGreaterThan(0);
    expect(brief.text).toContain("TCS");
    expect(brief.text).toContain("Q2 FY27 concall brief");

    const file = await downloadConcallBrief({ ctx, user, input: { symbol: "TCS", quarter: "q2_27" } });
    expect(file.contentType).toBe("application/pdf");
    const bytes = new Uint8Array(await new Response(file.body).arrayBuffer());
    expect(pdfPageCount(bytes)).toBe(1);
    const text = pdfText(bytes).replace(/\s+/g, " ");
    expect(text).toContain("Q2 FY27 concall brief");
    expect(text).toContain("What changed since the Q1 FY27 call");
    expect(text).toContain((brief.redFlags[0]?.text ?? "").replace(/₹\s?/g, "Rs. ").slice(0, 40));

    // Two days on, the cache's sweep has run: the analyses are still held, so the brief still compares (the transcript
    // link has expired by then: the lines fall back to the analysis).
    now += 2 * 86_400_000;
    await sweepExpiredRows({ ctx, now: new Date(now) });
    const later = await getConcallBrief({ ctx, user, input: { symbol: "TCS", quarter: "q2_27" } });
    expect(later.changes.held).toBe(true);
    expect(later.transcriptHeld).toBe(false);
    expect(later.callTime.ref).toBe(FROM_ANALYSIS);
    expect(await balanceOf(account.key)).toBe(before);

    // Another account holds nothing of this: its user gets no brief.
    const other = makeAccount(service);
    const stranger = await makeUser(ctx);
    await saveAlphaKey({ ctx, userId: stranger.id, key: other.key });
    await expect(getConcallBrief({ ctx, user: stranger, input: { symbol: "TCS", quarter: "q2_27" } })).rejects.toMatchObject({ code: "not_found" });
  });

  it("rounds up a watchlist's calls of a week: held ones briefed, the rest listed, nothing charged", async () => {
    const ctx = desk.ctx;
    const { user, ...account } = await makeUserWithKey({ ctx, service });
    const client = createAlphaClient({ baseUrl: service.url, apiKey: account.key, retries: 0 });
    // The calls of the week before the service's clock, across a few large companies.
    const symbols = ["TCS", "INFY", "HDFCBANK", "RELIANCE", "ITC", "LT", "SBIN", "MARUTI", "TITAN", "WIPRO", "HCLTECH", "SUNPHARMA"];
    const index = (await client.call("listConcallsIndex", { query: { symbols, limit: 100 } })).data.data.filter((r) => r.date && r.quarter);
    const latest = index.sort((a, b) => (b.date ?? "").localeCompare(a.date ?? ""))[0]!;
    const to = latest.date!.slice(0, 10);
    const watchlist = await createWatchlist({ ctx, user, input: { name: randomName("wl"), items: symbols.map((symbol) => ({ symbol })) } });
    const inWeek = index.filter((r) => r.date!.slice(0, 10) <= to && r.date!.slice(0, 10) >= new Date(Date.parse(`${to}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10));
    await callAlpha({ ctx, user, id: "getConcallDetail", input: { query: { symbol: latest.symbol, quarter: latest.quarter!, detailed: true } } });
    const before = await balanceOf(account.key);
    const roundup = await getConcallRoundup({ ctx, user, input: { watchlist: watchlist.id, to } });
    expect(roundup.briefs.map((b) => `${b.symbol} ${b.quarter}`)).toEqual([`${latest.symbol} ${latest.quarter}`]);
    expect(roundup.briefs.length + roundup.notHeld.length).toBe(inWeek.length);
    expect(roundup.text).toContain(`${latest.symbol} `);
    const file = await downloadConcallRoundup({ ctx, user, input: { watchlist: watchlist.id, to } });
    expect(pdfText(new Uint8Array(await new Response(file.body).arrayBuffer()))).toContain("the week's concalls");
    expect(await balanceOf(account.key)).toBe(before);
  });
});
