"use client";

import { PanelLeftCloseIcon, PanelLeftOpenIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { Brand } from "./brand";
import { HOME_PATH, type NavGroup, SIDEBAR_COOKIE } from "./nav-items";
import { NavList } from "./nav-list";

/**
 * Hidden on phones (the top bar opens the menu as a sheet), an icon rail on tablets, full width on laptops.
 * A laptop user can collapse it to the rail; the choice is a cookie so the server renders it the same way.
 */
export function Sidebar({ groups, defaultCollapsed }: { groups: NavGroup[]; defaultCollapsed: boolean }) {
  const [collapsed, setCollapsed] = useState(defaultCollapsed);
  const toggle = () => {
    const next = !collapsed;
    setCollapsed(next);
    document.cookie = `${SIDEBAR_COOKIE}=${next ? "1" : "0"}; path=/; max-age=31536000; samesite=lax`;
  };
  return (
    <aside
      data-collapsed={collapsed}
      className={cn(
        "sticky top-0 hidden h-dvh shrink-0 flex-col gap-4 border-r bg-card/40 py-3 md:flex",
        collapsed ? "w-16 px-2" : "w-16 px-2 lg:w-60 lg:px-3",
      )}
    >
      <div className={cn("flex h-9 items-center", collapsed ? "justify-center" : "justify-center lg:justify-between lg:px-1")}>
        <Brand href={HOME_PATH} compact={collapsed} className={cn(!collapsed && "[&>span:last-child]:sr-only lg:[&>span:last-child]:not-sr-only")} />
      </div>
      <div className="-mx-1 flex-1 overflow-y-auto px-1">
        <NavList groups={groups} mode={collapsed ? "rail" : "auto"} />
      </div>
      <Button
        variant="ghost"
        size="sm"
        onClick={toggle}
        aria-pressed={collapsed}
        aria-label={collapsed ? "Expand the sidebar" : "Collapse the sidebar"}
        className={cn("hidden lg:inline-flex", collapsed ? "justify-center" : "justify-start")}
      >
        {collapsed ? <PanelLeftOpenIcon /> : <PanelLeftCloseIcon />}
        <span className={cn(collapsed && "sr-only")}>Collapse</span>
      </Button>
    </aside>
  );
}
