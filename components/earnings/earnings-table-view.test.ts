import { describe, expect, it } from "vitest";
import { buildTableView, changeBetween, formatChange, isPercentLine, tableBases } from "./earnings-table-view";

const TABLE = {
  unit: "₹ crore",
  periods: ["Q2 FY27", "Q1 FY27", "Q2 FY26"],
  rows: [
    { label: "Total income", values: [1316.7, 1146.25, 1075.8] },
    { label: "Operating profit margin (%)", values: [45.36, 49.34, 44.72] },
    { label: "Provisions and contingencies", values: [39.1, 54.36, 13.78] },
    { label: "Tax expense", values: [153.09, 135.17, null] },
    { label: "PAT", values: [405.06, 376, 348.7] },
  ],
};

describe("the earnings table view", () => {
  it("finds the year-ago and previous-quarter columns by their labels", () => {
    const v = buildTableView(TABLE);
    expect(v?.yoyAgainst).toBe("Q2 FY26");
    expect(v?.qoqAgainst).toBe("Q1 FY27");
    expect(v?.periods).toEqual(TABLE.periods);
  });

  it("computes YoY and QoQ in percent, margins in basis points, and colours cost lines the other way", () => {
    const v = buildTableView(TABLE);
    const row = (label: string) => v?.rows.find((r) => r.label === label);
    expect(row("Total income")?.yoy).toEqual({ value: 22.4, unit: "%", tone: "positive" });
    expect(row("Operating profit margin (%)")?.yoy).toEqual({ value: 64, unit: "bps", tone: "positive" });
    expect(row("Operating profit margin (%)")?.qoq?.tone).toBe("negative");
    expect(row("Provisions and contingencies")?.yoy?.tone).toBe("negative");
    expect(row("Provisions and contingencies")?.qoq?.tone).toBe("positive");
    expect(row("Tax expense")?.yoy).toBeNull();
    expect(formatChange(row("PAT")?.yoy ?? null)).toBe("+16.2%");
    expect(formatChange(changeBetween(90, 100, { isPercent: false, isCost: false }))).toBe("−10.0%");
    expect(formatChange(null)).toBe("—");
  });

  it("gives no view for an empty table and no change against a missing or zero base", () => {
    expect(buildTableView(null)).toBeNull();
    expect(buildTableView({ periods: [], rows: [] })).toBeNull();
    expect(changeBetween(5, 0, { isPercent: false, isCost: false })).toBeNull();
    const noYearAgo = buildTableView({ periods: ["Q2 FY27", "Q1 FY27"], rows: [{ label: "PAT", values: [2, 1] }] });
    expect(noYearAgo?.yoyAgainst).toBeNull();
    expect(noYearAgo?.rows[0]?.yoy).toBeNull();
    expect(noYearAgo?.rows[0]?.qoq?.value).toBe(100);
  });

  it("reads a line as a percentage only when it says (%) or is a margin, ratio or yield as a whole word", () => {
    for (const label of ["EBITDA margin (%)", "Net interest margin", "Cost to income ratio", "Dividend yield", "Operating profit margin (%)"]) {
      expect(isPercentLine(label), label).toBe(true);
    }
    for (const label of ["Revenue from operations", "Corporation tax", "Generation and operations cost", "Marginalised assets", "EPS (₹)"]) {
      expect(isPercentLine(label), label).toBe(false);
    }
    const v = buildTableView({ periods: ["Q2 FY27", "Q1 FY27", "Q2 FY26"], rows: [{ label: "Revenue from operations", values: [34463.59, 33000, 30000] }] });
    expect(v?.rows[0]).toMatchObject({ isPercent: false, yoy: { value: 14.9, unit: "%" } });
  });

  it("offers both bases only when the filing carries the standalone lines beside the consolidated ones", () => {
    const rows = [{ label: "PAT", values: [2, 1, 1] }];
    expect(tableBases({ ...TABLE, basis: "consolidated", standalone: { rows } }).map((b) => b.basis)).toEqual(["consolidated", "standalone"]);
    expect(tableBases({ ...TABLE, basis: "consolidated", standalone: { rows } })[1]?.table).toMatchObject({ periods: TABLE.periods, rows });
    expect(tableBases({ ...TABLE, basis: "standalone" }).map((b) => b.basis)).toEqual(["standalone"]);
    expect(tableBases(TABLE).map((b) => b.basis)).toEqual([null]);
    expect(tableBases(null)).toEqual([]);
  });
});
