import { SearchXIcon } from "lucide-react";
import Link from "next/link";
import { EmptyState } from "@/components/shell/empty-state";
import { Button } from "@/components/ui/button";

/** A desk page that does not exist, or one this user may not open (admin pages for members). */
export default function DeskNotFound() {
  return (
    <EmptyState
      icon={SearchXIcon}
      title="Nothing here"
      description="This page does not exist, or your role cannot open it. Admin pages are for admins only."
      action={
        <Button asChild variant="outline">
          <Link href="/usage">Back to the desk</Link>
        </Button>
      }
      className="py-16"
    />
  );
}
