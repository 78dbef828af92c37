import type { LucideIcon } from "lucide-react";
import { EmptyState } from "@/components/shell/empty-state";
import type { FeedEmptyText } from "./feed-list";

/**
 * A feed's three empty states, rendered by its page on the server and passed to the feed's view, so their words and
 * icon are not part of the page's JavaScript.
 */
export function feedEmptyStates({
  icon,
  noMatch,
  pastRange,
  waiting,
}: {
  icon: LucideIcon;
  noMatch: [title: string, description: string];
  pastRange: [title: string, description: string];
  waiting: [title: string, description: string];
}): FeedEmptyText {
  return {
    noMatch: <EmptyState icon={icon} title={noMatch[0]} description={noMatch[1]} />,
    pastRange: <EmptyState icon={icon} title={pastRange[0]} description={pastRange[1]} />,
    waiting: <EmptyState icon={icon} title={waiting[0]} description={waiting[1]} />,
  };
}
