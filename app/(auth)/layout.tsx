import type { ReactNode } from "react";
import { Brand } from "@/components/shell/brand";
import { ThemeToggleLight } from "@/components/shell/theme-toggle-light";
import { AuthProviders } from "@/components/auth/auth-providers";

export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <AuthProviders>
      <div className="flex min-h-dvh flex-col bg-muted/40">
        <header className="flex h-14 items-center justify-between px-4 sm:px-6">
          <Brand />
          <ThemeToggleLight />
        </header>
        <main id="main" className="flex flex-1 items-start justify-center px-4 pt-6 pb-16 sm:pt-12">
          {children}
        </main>
        <footer className="pb-6 text-center text-xs text-muted-foreground">Market data is delayed and for information only. Times are shown in IST.</footer>
      </div>
    </AuthProviders>
  );
}
