import { describe, expect, it } from "vitest";
import type { UpcomingEarningsRow } from "@/lib/alpha/earnings";
import { collectFiledCalendar, collectUpcomingCalendar, filedPageInput, symbolChunks } from "./earnings";

function row(id: string, symbol: string, date: string): UpcomingEarningsRow {
  return { id, symbol, date, quarter: "q2_27" };
}

describe("collectUpcomingCalendar", () => {
  it("follows pages until has_next is false and merges nearest first", async () => {
    const pages: Record<number, { items: UpcomingEarningsRow[]; hasNext: boolean }> = {
      1: { items: [row("a", "TCS", "2026-11-24T10:00:00+05:30"), row("b", "INFY", "2026-11-23T10:00:00+05:30")], hasNext: true },
      2: { items: [row("c", "WIPRO", "2026-11-25T10:00:00+05:30")], hasNext: false },
    };
    const asked: number[] = [];
    const cal = await collectUpcomingCalendar([], async ({ symbols, page }) => {
      expect(symbols).toBeUndefined();
      asked.push(page);
      return pages[page] ?? { items: [], hasNext: false };
    });
    expect(asked).toEqual([1, 2]);
    expect(cal.rows.map((r) => r.id)).toEqual(["b", "a", "c"]);
    expect(cal.truncated).toBe(false);
  });

  it("keeps only what the calendar shows of a row, not the announcement's long texts", async () => {
    const full: UpcomingEarningsRow = {
      ...row("a", "TCS", "2026-11-24T10:00:00+05:30"),
      event_id: "199178926",
      company: "Tata Consultancy Services Ltd.",
      purpose: "Financial Results",
      title: "Board Meeting Intimation for Financial Results",
      bm_desc: "Tata Consultancy Services Ltd. has informed BSE that a meeting of the Board of Directors is scheduled…",
      body: "This is to inform you that a meeting of the Board of Directors of the Company is scheduled…",
    };
    const cal = await collectUpcomingCalendar([], async () => ({ items: [full, row("b", "INFY", "2026-11-25")], hasNext: false }));
    expect(cal.rows[0]).toStrictEqual({
      id: "a",
      symbol: "TCS",
      company: "Tata Consultancy Services Ltd.",
      purpose: "Financial Results",
      title: "Board Meeting Intimation for Financial Results",
      date: "2026-11-24T10:00:00+05:30",
      quarter: "q2_27",
    });
    expect(Object.keys(cal.rows[1] ?? {})).toEqual(["id", "symbol", "date", "quarter"]);
  });

  it("stops at the page cap and says the calendar is truncated", async () => {
    const cal = await collectUpcomingCalendar([], async ({ page }) => ({ items: [row(`r${page}`, "TCS", `2026-12-0${page}`)], hasNext: true }), 3);
    expect(cal.rows).toHaveLength(3);
    expect(cal.truncated).toBe(true);
  });

  it("asks in chunks of 20 symbols and drops repeats", async () => {
    const symbols = Array.from({ length: 45 }, (_, i) => `S${i}`);
    expect(symbolChunks(symbols).map((c) => c?.length)).toEqual([20, 20, 5]);
    const seen: number[] = [];
    const cal = await collectUpcomingCalendar(symbols, async ({ symbols: chunk }) => {
      seen.push(chunk?.length ?? 0);
      return { items: [row("same", "S0", "2026-11-23")], hasNext: false };
    });
    expect(seen.sort()).toEqual([20, 20, 5].sort());
    expect(cal.rows).toHaveLength(1);
  });
});

describe("collectFiledCalendar", () => {
  it("pages the free index per chunk of symbols, drops rows without a date and repeats, in filing order", async () => {
    const symbols = Array.from({ length: 25 }, (_, i) => `S${i}`);
    const asked: { symbols: string[] | undefined; page: number }[] = [];
    const cal = await collectFiledCalendar(symbols, async ({ symbols: chunk, page }) => {
      asked.push({ symbols: chunk, page });
      const first = chunk?.[0] ?? "X";
      return {
        items: [
          { id: `${first}-${page}`, symbol: first, date: `2026-10-${10 + page}T10:00:00+05:30` },
          { id: "dup", symbol: "S0", date: "2026-10-01T10:00:00+05:30" },
          { id: `${first}-nodate-${page}`, symbol: first },
        ],
        hasNext: page < 2,
      };
    });
    expect(asked.map((a) => [a.symbols?.length, a.page])).toEqual([
      [20, 1],
      [5, 1],
      [20, 2],
      [5, 2],
    ]);
    expect(cal.truncated).toBe(false);
    expect(cal.rows.map((r) => r.id)).toEqual(["dup", "S0-1", "S20-1", "S0-2", "S20-2"]);
  });

  it("says when the pages ran out before the period did", async () => {
    const cal = await collectFiledCalendar([], async ({ page }) => ({ items: [{ id: `r${page}`, symbol: "TCS", date: "2026-10-10" }], hasNext: true }), 2);
    expect(cal).toMatchObject({ truncated: true });
    expect(cal.rows).toHaveLength(2);
    expect(filedPageInput(undefined, { from: "2026-10-01", to: "2026-10-31" }, 3)).toEqual({ query: { from: "2026-10-01", to: "2026-10-31", page: 3, limit: 100 } });
  });
});
