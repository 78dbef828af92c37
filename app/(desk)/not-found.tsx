import type { Metadata } from "next";
import { NotFoundBody } from "@/components/shell/not-found-body";

export const metadata: Metadata = { title: "Page not found" };

/** A desk page that does not exist, or one this user may not open (admin pages for members): inside the shell. */
export default function DeskNotFound() {
  return <NotFoundBody description="This page does not exist, or your role cannot open it. Admin pages are for admins only." />;
}
