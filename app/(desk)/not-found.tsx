import { ArrowLeftIcon, SearchXIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { EmptyState } from "@/components/shell/empty-state";
import { PageHeader } from "@/components/shell/page-header";
import { HOME_PATH } from "@/components/shell/nav-items";
import { Button } from "@/components/ui/button";

export const metadata: Metadata = { title: "Page not found" };

/** A desk page that does not exist, or one this user may not open (admin pages for members): inside the shell. */
export default function DeskNotFound() {
  return (
    <>
      <PageHeader title="Page not found" />
      <EmptyState
        icon={SearchXIcon}
        title="Nothing here"
        description="This page does not exist, or your role cannot open it. Admin pages are for admins only."
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
