import type { AnnouncementDetail, AnnouncementRow } from "@/lib/alpha/announcements";
import { ANNOUNCEMENT_CATEGORIES, isImportantCategory } from "@/lib/alpha/vocabulary";
import { backfillInput, inDateRange, timeOf } from "@/components/feeds/live-filters";

/** What the announcements page knows about filings, free of React: live matching, the paid page's query and price. */

export type Announcement = AnnouncementDetail | AnnouncementRow;

export interface AnnouncementFilters {
  symbols: string[];
  categories: string[];
  important: boolean;
  from: string | null;
  to: string | null;
}

/** Page size of the backfill: announcements are charged per item, so a page is kept small. */
export const ANNOUNCEMENT_PAGE_SIZE = 20;

export function announcementTime(item: Pick<AnnouncementRow, "date">): number {
  return timeOf(item.date);
}

/** Labels from the URL, matched to the catalogue's spelling; unknown ones are dropped. */
export function normalizeCategories(values: readonly string[] | null | undefined): string[] {
  const out: string[] = [];
  for (const raw of values ?? []) {
    const hit = ANNOUNCEMENT_CATEGORIES.find((c) => c.toLowerCase() === raw.trim().toLowerCase());
    if (hit && !out.includes(hit)) out.push(hit);
  }
  return out;
}

export function relatedOf(item: Announcement): string[] {
  return "related_categories" in item && Array.isArray(item.related_categories) ? item.related_categories : [];
}

/** The long summary of a detailed row (list rows have none). */
export function longSummaryOf(item: Announcement): string | null {
  const long = (item as { long_summary?: unknown }).long_summary;
  return typeof long === "string" && long.trim() ? long : null;
}

/** The importance flag when the row has it (detailed), else the primary category's group. */
export function isImportantAnnouncement(item: Announcement): boolean {
  if ("important" in item && typeof item.important === "boolean") return item.important;
  return item.category ? isImportantCategory(item.category) : false;
}

/** As the service filters: a category matches the primary or a related category; important follows the flag. */
export function matchesAnnouncementFilters(item: Announcement, filters: Pick<AnnouncementFilters, "categories" | "important" | "from" | "to">): boolean {
  if (filters.important && !isImportantAnnouncement(item)) return false;
  if (filters.categories.length) {
    const mine = new Set([item.category ?? "", ...relatedOf(item)]);
    if (!filters.categories.some((c) => mine.has(c))) return false;
  }
  return inDateRange(announcementTime(item), filters.from, filters.to);
}

export function announcementsInput(filters: AnnouncementFilters, page: number, detailed: boolean) {
  const own = { ...(filters.categories.length ? { categories: filters.categories } : {}), ...(filters.important ? { important: true } : {}), detailed };
  return backfillInput(filters, own, page, ANNOUNCEMENT_PAGE_SIZE);
}

/** Stream and page rows, one per id (a detailed copy wins), newest first. */
export function mergeAnnouncements(...lists: readonly (readonly Announcement[])[]): Announcement[] {
  const byId = new Map<string, Announcement>();
  for (const list of lists) {
    for (const a of list) {
      const had = byId.get(a.id);
      if (!had || (relatedOf(had).length === 0 && "related_categories" in a)) byId.set(a.id, a);
    }
  }
  return [...byId.values()].sort((a, b) => announcementTime(b) - announcementTime(a));
}
