import { describe, expect, it } from "vitest";
import { ALERT_OUTPUT_TYPES } from "../../lib/alpha/alerts";
import { isImportantCategory } from "../../lib/alpha/announcements";
import { companies } from "./companies";
import { createRng } from "./rng";
import {
  ANNOUNCEMENT_CATEGORY_WEIGHTS,
  buildAlert,
  buildAnnouncement,
  buildBlockDeal,
  buildNews,
  buildUpcomingEarnings,
  formatCrore,
  istWallTime,
  movedText,
  relatedCategoriesFor,
  slugify,
} from "./rows";

const AT = Date.parse("2026-11-20T10:05:00+05:30");

describe("row builders", () => {
  it("build the same row from the same generator state", () => {
    const seed = `rows-${Math.random()}`;
    const company = companies[3];
    if (!company) throw new Error("no companies");
    for (const build of [
      (r: ReturnType<typeof createRng>) => buildAlert(r, company, AT),
      (r: ReturnType<typeof createRng>) => buildNews(r, company, AT),
      (r: ReturnType<typeof createRng>) => buildAnnouncement(r, company, AT),
      (r: ReturnType<typeof createRng>) => buildBlockDeal(r, company, AT),
    ]) {
      expect(build(createRng(seed))).toEqual(build(createRng(seed)));
    }
  });

  it("give price context exactly to the price alert types", () => {
    const rng = createRng(`alerts-${Math.random()}`);
    for (const type of ALERT_OUTPUT_TYPES) {
      for (let i = 0; i < 20; i++) {
        const a = buildAlert(rng, rng.pick(companies), AT, { type });
        expect(a.type).toBe(type);
        expect(a.timestamp).toBe("2026-11-20T04:35:00Z");
        if (type === "price_alert" || type === "52w_high" || type === "52w_low") {
          expect(a.price).not.toBeNull();
          expect(Date.parse(a.price?.as_of ?? "")).toBeLessThan(AT);
        } else {
          expect(a.price).toBeNull();
        }
        expect(a.reason).not.toMatch(/\{[a-zA-Z]+\}/);
      }
    }
  });

  it("never relate Others or the primary category", () => {
    const rng = createRng(`related-${Math.random()}`);
    for (const [category] of ANNOUNCEMENT_CATEGORY_WEIGHTS) {
      for (let i = 0; i < 30; i++) {
        const related = relatedCategoriesFor(rng, category);
        expect(related.length).toBeLessThanOrEqual(3);
        expect(related).not.toContain("Others");
        expect(related).not.toContain(category);
        expect(new Set(related).size).toBe(related.length);
      }
    }
    for (let i = 0; i < 100; i++) {
      const a = buildAnnouncement(rng, rng.pick(companies), AT);
      expect(a.important).toBe(isImportantCategory(a.category));
    }
  });

  it("keep block deal value equal to shares times price", () => {
    const rng = createRng(`blocks-${Math.random()}`);
    for (let i = 0; i < 200; i++) {
      const d = buildBlockDeal(rng, rng.pick(companies), AT);
      expect(d.trade_value_cr).toBeCloseTo(Math.round((d.shares * d.price) / 1e5) / 100, 2);
      expect(d.date).toBe("2026-11-20T10:05:00+05:30");
    }
  });

  it("write a board meeting intimation that says Financial Results only for results", () => {
    const rng = createRng(`upcoming-${Math.random()}`);
    const company = rng.pick(companies);
    const results = buildUpcomingEarnings(rng, company, AT, { quarter: "q2_27" });
    expect(results.purpose).toMatch(/Financial Results/);
    expect(results.bm_desc).toContain("September 30, 2026");
    const other = buildUpcomingEarnings(rng, company, AT, { quarter: "q3_27", otherPurpose: true });
    expect(`${other.purpose} ${other.title} ${other.bm_desc} ${other.body}`).not.toMatch(/financial results/i);
  });

  it("call a move that shows as 0.0% flat, never 'rose 0.0%'", () => {
    expect(movedText(0.04, "rose", "fell", "was flat")).toBe("was flat");
    expect(movedText(-0.049, "rose", "fell", "was flat")).toBe("was flat");
    expect(movedText(0.05, "rose", "fell", "was flat")).toBe("rose 0.1%");
    expect(movedText(-2.46, "grew", "declined", "was flat at")).toBe("declined 2.5%");
  });

  it("format the Indian way", () => {
    expect(formatCrore(1240)).toBe("₹1,240 crore");
    expect(formatCrore(152_000)).toBe("₹1.52 lakh crore");
    expect(formatCrore(1_500_000)).toBe("₹15 lakh crore");
    expect(formatCrore(123456.789, true)).toBe("₹1,23,456.79 crore");
    expect(istWallTime(Date.parse("2026-08-12T12:35:00Z"))).toBe("2026-08-12T18:05:00");
    expect(slugify("HDFC Bank Q2 results: PAT up 18.5% to ₹1,240 crore")).toBe("hdfc-bank-q2-results-pat-up-18-5-pc-to-rs-1-240-crore");
  });
});
