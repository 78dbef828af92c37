import type { LucideIcon } from "lucide-react";
import { EmptyState } from "@/components/shell/empty-state";
import type { FeedEmptyText } from "./feed-list";

/**
 * A feed's three empty states, rendered by its page on the server and passed to the feed's view, so their words and
 * icon are not part of the page's JavaScript. A past range reads alike on every feed but for its `noun`.
 */
export function feedEmptyStates(
  icon: LucideIcon,
  noun: string,
  { noMatch, waiting }: { noMatch: [title: string, description: string]; waiting: [title: string, description: string] },
): FeedEmptyText {
  return {
    noMatch: <EmptyState icon={icon} title={noMatch[0]} description={noMatch[1]} />,
    pastRange: <EmptyState icon={icon} title="Nothing live for a past range" description={`Load the ${noun} of this range with the button above.`} />,
    waiting: <EmptyState icon={icon} title={waiting[0]} description={waiting[1]} />,
  };
}
