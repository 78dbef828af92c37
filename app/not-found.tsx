import { ArrowLeftIcon, SearchXIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { Brand } from "@/components/shell/brand";
import { EmptyState } from "@/components/shell/empty-state";
import { HOME_PATH } from "@/components/shell/nav-items";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";

export const metadata: Metadata = { title: "Page not found" };

/**
 * The root not-found boundary: reached only by a `notFound()` outside the desk's pages (a URL no page answers is
 * served by app/(desk)/[...missing] inside the desk's shell). Server components only: Next puts this boundary in the
 * first load of every route, /sign-in included, so the shell here would ship the whole desk to every page.
 */
export default function NotFound() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex h-14 items-center border-b px-4 sm:px-6">
        <Brand />
      </header>
      <main id="main" className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-6 px-4 py-6 sm:px-6 lg:px-8">
        <PageHeader title="Page not found" />
        <EmptyState
          icon={SearchXIcon}
          title="Nothing here"
          description="This page does not exist."
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
      </main>
    </div>
  );
}
