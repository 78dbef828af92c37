"use client";

import { IntentLink } from "@/components/ui/intent-link";
import { usePathname } from "next/navigation";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { cn } from "@/lib/utils";
import { isActivePath, type NavGroup } from "./nav-items";

/**
 * The desk's navigation. `full` shows labels; `rail` icons only (labels stay for screen readers and show as
 * tooltips); `auto` lets the breakpoint decide (icons on a tablet, labels on a laptop) with no layout shift.
 */
export type NavMode = "full" | "rail" | "auto";

export function NavList({ groups, mode = "full", onNavigate }: { groups: NavGroup[]; mode?: NavMode; onNavigate?: () => void }) {
  const pathname = usePathname();
  const hideText = mode === "rail" ? "sr-only" : mode === "auto" ? "sr-only lg:not-sr-only" : "";
  return (
    <nav aria-label="Desk" className="flex flex-col gap-4">
      {groups.map((group) => (
        <div key={group.label} className="flex flex-col gap-1">
          <h2 className={cn("px-3 text-xs font-medium tracking-wide text-muted-foreground uppercase", hideText)}>{group.label}</h2>
          <ul className="flex flex-col gap-0.5">
            {group.items.map((item) => {
              const active = isActivePath(pathname, item.href);
              const link = (
                <IntentLink
                  href={item.href}
                  aria-current={active ? "page" : undefined}
                  onClick={onNavigate}
                  className={cn(
                    "flex h-9 items-center gap-3 rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50",
                    active && "bg-accent text-accent-foreground [&>[data-slot=nav-icon]]:text-primary",
                    mode === "rail" && "justify-center px-0",
                    mode === "auto" && "justify-center px-0 lg:justify-start lg:px-3",
                  )}
                >
                  {item.icon}
                  <span className={hideText}>{item.label}</span>
                </IntentLink>
              );
              return (
                <li key={item.href}>
                  {mode === "full" ? (
                    link
                  ) : (
                    <Tooltip>
                      <TooltipTrigger asChild>{link}</TooltipTrigger>
                      <TooltipContent side="right" className={cn(mode === "auto" && "lg:hidden")}>
                        {item.label}
                      </TooltipContent>
                    </Tooltip>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}
