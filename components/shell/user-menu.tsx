"use client";

import { LogOutIcon, SettingsIcon, ShieldCheckIcon, UserIcon } from "lucide-react";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import type { ShellUser } from "./types";
import { displayName, UserMenuButton } from "./user-menu-button";

/** The account menu itself (Radix's menu and its popper): loaded by UserMenuLazy when first asked for, then opened. */
export function UserMenu({ user, defaultOpen = false }: { user: ShellUser; defaultOpen?: boolean }) {
  const display = displayName(user);
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <UserMenuButton user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="flex flex-col gap-1">
          <span className="truncate">{display}</span>
          <span className="truncate text-xs font-normal text-muted-foreground">{user.email}</span>
          <Badge variant={user.role === "admin" ? "default" : "secondary"} className="mt-1">
            {user.role === "admin" ? <ShieldCheckIcon aria-hidden /> : <UserIcon aria-hidden />}
            {user.role}
          </Badge>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href="/settings">
            <SettingsIcon aria-hidden />
            Settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void signOutOfDesk()}>
          <LogOutIcon aria-hidden />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** next-auth's client is loaded only when someone signs out: it need not weigh on every desk page. */
async function signOutOfDesk() {
  const { signOut } = await import("next-auth/react");
  await signOut({ callbackUrl: "/sign-in" });
}
