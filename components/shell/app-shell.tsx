"use client";

import { usePathname } from "next/navigation";
import type { ReactNode } from "react";
import { InboxButton } from "@/components/inbox/inbox-button";
import { MarketStatusBadge } from "@/components/market/market-status-badge";
import { RenderInstantProvider } from "@/components/market/use-market-status";
import { UsageGauge } from "@/components/usage/usage-gauge";
import { Brand } from "./brand";
import { CommandPaletteButton } from "./command-palette-button";
import { MobileNavLazy } from "./mobile-nav-lazy";
import { HOME_PATH, type NavGroup } from "./nav-items";
import { Sidebar } from "./sidebar";
import { ThemeToggle } from "./theme-toggle";
import type { ShellUser } from "./types";
import { UserMenuLazy } from "./user-menu-lazy";

/** The element after the page's content in the HTML: the first paint waits for it (the expect link below). */
const SHELL_END_ID = "shell-end";

/**
 * The signed-in frame: skip link, sidebar, a sticky top bar with the credit gauge, the page. The server renders the
 * navigation's icons and the no-key first step, so neither brings code to the browser.
 */
export function AppShell({
  user,
  hasKey,
  groups,
  firstStep,
  sidebarCollapsed,
  renderedAt,
  children,
}: {
  user: ShellUser;
  hasKey: boolean;
  groups: NavGroup[];
  firstStep: ReactNode;
  sidebarCollapsed: boolean;
  /** When the server rendered the page (ms since the epoch): every market status hydrates as of that instant. */
  renderedAt: number;
  children: ReactNode;
}) {
  const pathname = usePathname();
  const showFirstStep = !hasKey && !pathname.startsWith("/settings");
  return (
    <RenderInstantProvider value={renderedAt}>
      {/* No first paint of a part-parsed page. On a slow network the shell arrives a packet at a time, and a browser
          that painted between them would move what it drew as the rest came: the top bar's right-aligned cluster
          shifts left with each later item, a table's columns widen with each row, a header's filters wrap. React
          hoists this link into <head>; Chromium then renders nothing until #shell-end, after <main>, is in the
          document, so the first paint has the whole shell (a Suspense fallback included). Other browsers ignore it. */}
      <link rel="expect" href={`#${SHELL_END_ID}`} blocking="render" />
      <div className="flex min-h-dvh">
        <a
          href="#main"
          className="sr-only z-[60] rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        <Sidebar groups={groups} defaultCollapsed={sidebarCollapsed} />
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-40 flex h-14 items-center gap-2 border-b bg-background/90 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/75 sm:px-4">
            <MobileNavLazy groups={groups} />
            <Brand href={HOME_PATH} compact className="md:hidden" />
            <CommandPaletteButton groups={groups} />
            <div className="ml-auto flex min-w-0 items-center gap-1 sm:gap-2">
              <MarketStatusBadge />
              <UsageGauge hasKey={hasKey} />
              <span aria-hidden className="mx-1 hidden h-6 w-px bg-border xl:block" />
              <InboxButton />
              <ThemeToggle />
              <UserMenuLazy user={user} />
            </div>
          </header>
          <main id="main" tabIndex={-1} className="flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8">
            <div className="mx-auto flex w-full max-w-7xl flex-col gap-6">
              {showFirstStep && firstStep}
              {children}
            </div>
          </main>
          <div id={SHELL_END_ID} hidden />
        </div>
      </div>
    </RenderInstantProvider>
  );
}
