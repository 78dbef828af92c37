import type { Metadata } from "next";
import { Brand } from "@/components/shell/brand";
import { NotFoundBody } from "@/components/shell/not-found-body";

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
        <NotFoundBody description="This page does not exist." />
      </main>
    </div>
  );
}
