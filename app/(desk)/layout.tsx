import { cookies } from "next/headers";
import type { ReactNode } from "react";
import { SpendThresholdProvider } from "@/components/settings/spend-threshold";
import { AppShell } from "@/components/shell/app-shell";
import { SIDEBAR_COOKIE } from "@/components/shell/nav-items";
import { requireUser } from "@/lib/server/auth";
import { getAlphaKeyStatus } from "@/lib/server/key-vault";
import { QueryProvider } from "@/lib/query/provider";

export default async function DeskLayout({ children }: { children: ReactNode }) {
  const user = await requireUser();
  const [keyStatus, jar] = await Promise.all([getAlphaKeyStatus(user.id), cookies()]);
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
