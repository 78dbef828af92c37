import { describe, expect, it } from "vitest";
import type { Announcement } from "./announcement-model";
import { announcementsInput, isImportantAnnouncement, matchesAnnouncementFilters, mergeAnnouncements, normalizeCategories } from "./announcement-model";

const row = (id: string, extra: Partial<Announcement> = {}): Announcement => ({ id, symbol: "TCS", date: "2026-05-12T10:00:00+05:30", category: "Dividend", ...extra });

describe("announcements", () => {
  it("matches a category on the primary or a related label, and importance on the flag (else the group)", () => {
    const detailed = row("a", { category: "Company Update", related_categories: ["Acquisition"], important: false });
    expect(matchesAnnouncementFilters(detailed, { categories: ["Acquisition"], important: false, from: null, to: null })).toBe(true);
    expect(matchesAnnouncementFilters(detailed, { categories: ["Dividend"], important: false, from: null, to: null })).toBe(false);
    expect(matchesAnnouncementFilters(detailed, { categories: [], important: true, from: null, to: null })).toBe(false);
    expect(isImportantAnnouncement(row("b"))).toBe(true);
    expect(isImportantAnnouncement(row("c", { category: "Credit Rating" }))).toBe(false);
    expect(matchesAnnouncementFilters(row("d"), { categories: [], important: false, from: "2026-05-13", to: null })).toBe(false);
  });

  it("reads categories from the URL in the catalogue's spelling, and builds the priced page query", () => {
    expect(normalizeCategories(["dividend", "Award/Receipt of Order", "Nope", "DIVIDEND"])).toEqual(["Dividend", "Award/Receipt of Order"]);
    expect(announcementsInput({ symbols: [], categories: ["Dividend"], important: true, from: null, to: null }, 1, true).query).toEqual({
      categories: ["Dividend"],
      important: true,
      detailed: true,
      page: 1,
      limit: 20,
    });
  });

  it("keeps the detailed copy of a row seen twice", () => {
    const basic = row("a");
    const detailed = row("a", { related_categories: ["Outcome of Board Meeting"], important: true });
    expect(mergeAnnouncements([basic], [detailed])).toEqual([detailed]);
  });
});
