/**
 * NSE's bulk and block deal files (CSV, one row per client and side). Each row is a deal on the interface's feed:
 * quantity, price and its value in ₹ crore; the client and side are not part of the interface's deal and are left.
 */
import { atTime, csvRows, exchangeDate, exchangeNumber, istIso, isIssue, type RowIssue } from "../files";
import { stableId, type ExchangeSource, type ReadResult, type Taken } from "../engine";

function dealsSource(kind: "bulk" | "block"): ExchangeSource {
  return {
    name: `nse-${kind}-deals`,
    title: `NSE ${kind} deals (CSV)`,
    order: 10,
    // Bulk and block files share a header: the name tells them apart.
    detect: (name, head) => new RegExp(kind, "i").test(name) && /client name/i.test(head.split("\n")[0] ?? ""),
    async read({ path, stream, companies }): Promise<ReadResult> {
      const rows: Taken[] = [];
      const skipped: RowIssue[] = [];
      const errors: RowIssue[] = [];
      const occurrences = new Map<string, number>();
      for await (const r of csvRows(stream, path)) {
        if (isIssue(r)) {
          // A day without deals is published as a header and one NO RECORDS line.
          if (r.cells?.some((c) => /no records/i.test(c))) skipped.push({ ...r, reason: "NO RECORDS (no deals that day)" });
          else errors.push(r);
          continue;
        }
        const at = `line ${r.line}`;
        const c = r.cells;
        if (Object.values(c).some((v) => /^no records$/i.test(v))) {
          skipped.push({ file: path, at, reason: "NO RECORDS (no deals that day)" });
          continue;
        }
        const priceKey = Object.keys(c).find((k) => /^trade price/i.test(k)) ?? "Trade Price / Wght. Avg. Price";
        let day, qty, price;
        try {
          day = exchangeDate(c["Date"]);
          qty = exchangeNumber(c["Quantity Traded"]);
          price = exchangeNumber(c[priceKey]);
        } catch (e) {
          errors.push({ file: path, at, reason: (e as Error).message });
          continue;
        }
        if (!day || !qty || !price) {
          errors.push({ file: path, at, reason: "Date, Quantity Traded and the trade price are required" });
          continue;
        }
        const symbol = companies.findOrSkip({ symbol: c["Symbol"] ?? "" }, skipped, path, at);
        if (!symbol) continue;
        const side = c[Object.keys(c).find((k) => /^buy\s*\/\s*sell$/i.test(k)) ?? "Buy/Sell"] ?? "";
        const key = [kind, istIso(day), symbol, c["Client Name"] ?? "", side, qty, price].join("|");
        const n = (occurrences.get(key) ?? 0) + 1;
        occurrences.set(key, n);
        const crore = (qty * price) / 1e7;
        rows.push({
          product: "block-deals",
          at,
          value: {
            id: stableId("blk", key, n),
            symbol,
            exchange: "NSE",
            trade_value_cr: crore >= 0.01 ? Math.round(crore * 100) / 100 : Math.round(crore * 1e4) / 1e4,
            shares: qty,
            price,
            // The files give the day only; deals are published after the close.
            date: istIso(atTime(day, 15, 30)),
          },
        });
      }
      return { rows, skipped, errors };
    },
  };
}

export const nseBulkDeals = dealsSource("bulk");
export const nseBlockDeals = dealsSource("block");
