import { cookies } from "next/headers";
import type { ReactNode } from "react";
import { SpendThresholdProvider } from "@/components/settings/spend-threshold";
import { AppShell } from "@/components/shell/app-shell";
import { SIDEBAR_COOKIE } from "@/components/shell/nav-items";
import { requireUser } from "@/lib/server/identity/auth";
import { pageContext } from "@/lib/server/http/prefetch";
import { getAlphaKeyStatus } from "@/lib/server/identity/key-vault";
import { QueryProvider } from "@/lib/query/provider";

export default async function DeskLayout({ children }: { children: ReactNode }) {
  const user = await requireUser();
  const ctx = await pageContext();
  const [keyStatus, jar] = await Promise.all([getAlphaKeyStatus({ ctx, userId: user.id }), cookies()]);
  return (
    <QueryProvider>
      <SpendThresholdProvider userId={user.id}>
        <AppShell user={user} hasKey={keyStatus.hasKey} sidebarCollapsed={jar.get(SIDEBAR_COOKIE)?.value === "1"}>
          {children}
        </AppShell>
      </SpendThresholdProvider>
    </QueryProvider>
  );
}
