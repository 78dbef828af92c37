import Link from "next/link";
import { EmptyState } from "@/components/shell/empty-state";
import { Button } from "@/components/ui/button";

/** Where a page builds from watchlists and the user has none: what to do instead, and the way to the Watchlists page. */
export function NoWatchlists({ title, description }: { title: string; description: string }) {
  return (
    <EmptyState
      className="py-6"
      title={title}
      description={description}
      action={
        <Button asChild size="sm" variant="outline">
          <Link href="/watchlists">Go to Watchlists</Link>
        </Button>
      }
    />
  );
}
