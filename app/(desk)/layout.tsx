import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { cookies } from "next/headers";
import type { ReactNode } from "react";
import { NoKeyCard } from "@/components/settings/no-key-card";
import { SpendThresholdProvider } from "@/components/settings/spend-threshold";
import { AppShell } from "@/components/shell/app-shell";
import { navGroupsFor } from "@/components/shell/nav-groups";
import { SIDEBAR_COOKIE } from "@/components/shell/nav-items";
import { requireUser } from "@/lib/server/identity/auth";
import { getAlphaKeyStatus } from "@/lib/server/identity/key-vault";
import { pageContext, pageQueryClient } from "@/lib/server/routes/page-data";
import * as api from "@/lib/desk/route-meta";
import { deskQuery } from "@/lib/query/desk";
import { DEFAULT_SPEND_CONFIRM_THRESHOLD } from "@/lib/desk/users";
import { QueryProvider } from "@/lib/query/provider";

export default async function DeskLayout({ children }: { children: ReactNode }) {
  const user = await requireUser();
  const ctx = await pageContext();
  const [keyStatus, jar] = await Promise.all([getAlphaKeyStatus({ ctx, userId: user.id }), cookies()]);
    // What the frame reads on every page (the status badge, the credit gauge, the watchlist picker), so pages open with
    // them instead of skeletons and three requests after hydration; a failure is left to the widgets.
  const client = pageQueryClient({ ctx, user });
  await Promise.all([
    client.prefetchQuery(deskQuery(api.getMarketCalendar)),
    client.prefetchQuery(deskQuery(api.getSpendThreshold)),
    client.prefetchQuery(deskQuery(api.listWatchlists)),
    client.prefetchQuery(deskQuery(api.getInboxUnread)),
    keyStatus.hasKey ? client.prefetchQuery(deskQuery(api.getUsage)) : null,
  ]);
  // The desk's clock at render: the top bar's market status is in the HTML as of this instant (useMarketStatus).
  const renderedAt = ctx.now().getTime();
  return (
    <QueryProvider>
      <HydrationBoundary state={dehydrate(client)}>
        <SpendThresholdProvider initial={client.getQueryData(deskQuery(api.getSpendThreshold).queryKey)?.effective ?? DEFAULT_SPEND_CONFIRM_THRESHOLD}>
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
