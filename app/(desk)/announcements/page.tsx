import { MegaphoneIcon } from "lucide-react";
import type { Metadata } from "next";
import { AnnouncementsView } from "@/components/announcements/announcements-view";
import { feedEmptyStates } from "@/components/feeds/feed-empty";
import { parseAnnouncementsSearch } from "@/components/announcements/search-params";

import { feedPage } from "@/lib/server/routes/feed-page";

export const metadata: Metadata = { title: "Announcements" };

/** The page header's description. */
const DESCRIPTION =
  "Exchange filings with their categories, as they are filed. Live arrivals are free; earlier filings are a paid page (charged per filing returned). Times are IST.";

/** The feed's empty states, rendered here on the server. */
const EMPTY = feedEmptyStates({
  icon: MegaphoneIcon,
  noMatch: ["No filings matched", "Nothing matched these filters; filings are charged only when returned, so nothing was charged."],
  pastRange: ["Nothing live for a past range", "Load the filings of this range with the button above."],
  waiting: ["Waiting for filings", "New filings appear here as they are made, for free. Load recent filings to see what came before."],
});

/** The page's feed: live rows free, earlier ones paid pages the user asks for. */
export default async function AnnouncementsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return feedPage({ searchParams, parse: parseAnnouncementsSearch, View: AnnouncementsView, description: DESCRIPTION, empty: EMPTY, materiality: true });
}
