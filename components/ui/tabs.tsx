"use client";

import { Slot } from "./slot";
import * as React from "react";
import { cn } from "@/lib/utils";

/**
 * WAI-ARIA tabs (tablist, tab, tabpanel) with what Radix's Tabs gave the desk and nothing more: automatic activation
 * (a tab is chosen when it gets the focus), one tab stop in the list (the chosen tab), Left/Right/Home/End move
 * between tabs with wrapping, and the data-state / data-orientation attributes the styles use. Horizontal only.
 */
interface TabsState {
  value: string | undefined;
  choose: (value: string) => void;
  baseId: string;
}

const TabsContext = React.createContext<TabsState | null>(null);

function useTabs(part: string): TabsState {
  const context = React.useContext(TabsContext);
  if (!context) throw new Error(`<${part}> must be inside <Tabs>.`);
  return context;
}

const triggerId = (baseId: string, value: string) => `${baseId}-trigger-${value}`;
const contentId = (baseId: string, value: string) => `${baseId}-content-${value}`;

export function Tabs({
  className,
  value,
  defaultValue,
  onValueChange,
  ...props
}: Omit<React.ComponentProps<"div">, "defaultValue"> & { value?: string; defaultValue?: string; onValueChange?: (value: string) => void }) {
  const [own, setOwn] = React.useState(defaultValue);
  const current = value ?? own;
  const baseId = React.useId();
  const state = React.useMemo<TabsState>(
    () => ({
      value: current,
      baseId,
      choose: (next) => {
        if (next === current) return;
        if (value === undefined) setOwn(next);
        onValueChange?.(next);
      },
    }),
    [current, baseId, value, onValueChange],
  );
  return (
    <TabsContext.Provider value={state}>
      <div data-slot="tabs" data-orientation="horizontal" className={cn("flex flex-col gap-2", className)} {...props} />
    </TabsContext.Provider>
  );
}

const TAB_KEYS = new Set(["ArrowLeft", "ArrowRight", "Home", "End"]);

export function TabsList({ className, onKeyDown, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-orientation="horizontal"
      data-slot="tabs-list"
      className={cn("inline-flex h-9 w-fit items-center justify-center rounded-lg bg-muted p-[3px] text-muted-foreground", className)}
      onKeyDown={(e) => {
        onKeyDown?.(e);
        if (e.defaultPrevented || !TAB_KEYS.has(e.key) || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
        const tabs = [...e.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]:not(:disabled)')];
        const at = tabs.indexOf(e.target as HTMLElement);
        if (at < 0 || tabs.length === 0) return;
        e.preventDefault();
        const to = e.key === "Home" ? 0 : e.key === "End" ? tabs.length - 1 : (at + (e.key === "ArrowRight" ? 1 : -1) + tabs.length) % tabs.length;
        tabs[to]?.focus();
      }}
      {...props}
    />
  );
}

export function TabsTrigger({
  className,
  value,
  disabled,
  onClick,
  onFocus,
  ...props
}: Omit<React.ComponentProps<"button">, "value"> & { value: string }) {
  const tabs = useTabs("TabsTrigger");
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      aria-selected={selected}
      aria-controls={contentId(tabs.baseId, value)}
      id={triggerId(tabs.baseId, value)}
      tabIndex={selected ? 0 : -1}
      disabled={disabled}
      data-state={selected ? "active" : "inactive"}
      data-disabled={disabled ? "" : undefined}
      data-orientation="horizontal"
      data-slot="tabs-trigger"
      className={cn(
        "inline-flex h-[calc(100%-1px)] flex-1 cursor-pointer items-center justify-center gap-1.5 rounded-md border border-transparent px-2.5 py-1 text-sm font-medium whitespace-nowrap text-foreground/70 transition-[color,box-shadow] hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-1 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm dark:data-[state=active]:border-input dark:data-[state=active]:bg-input/30 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
        className,
      )}
      onClick={(e) => {
        onClick?.(e);
        if (!e.defaultPrevented) tabs.choose(value);
      }}
      onFocus={(e) => {
        onFocus?.(e);
        // Automatic activation: a tab reached with the arrow keys is chosen.
        if (!e.defaultPrevented) tabs.choose(value);
      }}
      {...props}
    />
  );
}

export function TabsContent({
  className,
  value,
  forceMount,
  asChild,
  ...props
}: React.ComponentProps<"div"> & { value: string; forceMount?: boolean; asChild?: boolean }) {
  const tabs = useTabs("TabsContent");
  const selected = tabs.value === value;
  if (!selected && !forceMount) return null;
  const Root = asChild ? Slot : "div";
  return (
    <Root
      role="tabpanel"
      id={contentId(tabs.baseId, value)}
      aria-labelledby={triggerId(tabs.baseId, value)}
      tabIndex={0}
      hidden={!selected}
      data-state={selected ? "active" : "inactive"}
      data-orientation="horizontal"
      data-slot="tabs-content"
      className={cn("flex-1 outline-none", className)}
      {...props}
    />
  );
}
