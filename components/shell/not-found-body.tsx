import { ArrowLeftIcon, SearchXIcon } from "lucide-react";
import Link from "next/link";
import { EmptyState } from "@/components/shell/empty-state";
import { HOME_PATH } from "@/components/shell/nav-items";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";

/**
 * The body of both not-found pages (the root boundary and the desk's, inside its shell): the heading, what happened and
 * the way back to Today. Server components only: the root not-found boundary is in every route's first load, so a
 * client component here would ship with /sign-in.
 */
export function NotFoundBody({ description }: { description: string }) {
  return (
    <>
      <PageHeader title="Page not found" />
      <EmptyState
        icon={SearchXIcon}
        title="Nothing here"
        description={description}
        action={
          <Button asChild variant="outline">
            <Link href={HOME_PATH}>
              <ArrowLeftIcon aria-hidden />
              Back to Today
            </Link>
          </Button>
        }
        className="py-16"
      />
    </>
  );
}
