import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { cookies } from "next/headers";
import type { ReactNode } from "react";
import { NoKeyCard } from "@/components/settings/no-key-card";
import { SpendThresholdProvider } from "@/components/settings/spend-threshold";
import { AppShell } from "@/components/shell/app-shell";
import { navGroupsFor } from "@/components/shell/nav-groups";
import { SIDEBAR_COOKIE } from "@/components/shell/nav-items";
import { parseThreshold, spendThresholdCookie } from "@/lib/browser-prefs";
import { requireUser } from "@/lib/server/identity/auth";
import { pageContext, requestQueryClient } from "@/lib/server/http/prefetch";
import { getAlphaKeyStatus } from "@/lib/server/identity/key-vault";
import { getActiveCalendar } from "@/lib/server/market/calendar-store";
import { getUsageSnapshot } from "@/lib/server/money/usage";
import { listWatchlists } from "@/lib/server/portfolio/watchlists";
import { QueryProvider } from "@/lib/query/provider";
import { marketCalendarQueryOptions } from "@/lib/query/market";
import { usageQueryOptions } from "@/lib/query/usage";
import { watchlistsQueryOptions } from "@/lib/query/watchlists";

export default async function DeskLayout({ children }: { children: ReactNode }) {
  const user = await requireUser();
  const ctx = await pageContext();
  const [keyStatus, jar] = await Promise.all([getAlphaKeyStatus({ ctx, userId: user.id }), cookies()]);
  // What the frame reads on every page, under the browser's keys: the market status badge and credit gauge of the top
  // bar, and the user's watchlists (the filter bar's picker on the feed and season pages). Pages open with them
  // instead of skeletons and three requests after hydration. A failure is left to the widgets, which fetch as before.
  // The usage snapshot is memoised per account (lib/server/money/usage.ts), as the gauge's own calls are.
  const client = requestQueryClient();
  await Promise.all([
    client.prefetchQuery({ ...marketCalendarQueryOptions(), queryFn: () => getActiveCalendar({ ctx }) }),
    client.prefetchQuery({ ...watchlistsQueryOptions(), queryFn: () => listWatchlists({ ctx, user }) }),
    keyStatus.hasKey ? client.prefetchQuery({ ...usageQueryOptions(), queryFn: () => getUsageSnapshot({ ctx, user }) }) : null,
  ]);
  // The desk's clock at render: the top bar's market status is in the HTML as of this instant (useMarketStatus).
  const renderedAt = ctx.now().getTime();
  return (
    <QueryProvider>
      <HydrationBoundary state={dehydrate(client)}>
        <SpendThresholdProvider userId={user.id} initial={parseThreshold(jar.get(spendThresholdCookie(user.id))?.value)}>
          <AppShell
            user={user}
            hasKey={keyStatus.hasKey}
            groups={navGroupsFor(user.role)}
            firstStep={keyStatus.hasKey ? null : <NoKeyCard />}
            sidebarCollapsed={jar.get(SIDEBAR_COOKIE)?.value === "1"}
            renderedAt={renderedAt}
          >
            {children}
          </AppShell>
        </SpendThresholdProvider>
      </HydrationBoundary>
    </QueryProvider>
  );
}
