"use client";

import { useQuery } from "@tanstack/react-query";
import { Command } from "cmdk";
import { ArrowRightIcon, BuildingIcon, MoonIcon, SearchIcon, SunIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import * as React from "react";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { setTheme, useTheme } from "@/components/ui/use-theme";
import * as api from "@/lib/desk/route-meta/symbols";
import { deskQuery } from "@/lib/query/desk";
import { symbolHref } from "@/lib/symbols/symbol-href";
import type { NavGroup } from "./nav-items";

/** What the desk does besides its pages, reachable by name: each goes where the action is. */
const ACTIONS: { label: string; href: string; keywords: string[] }[] = [
  { label: "Generate a portfolio summary", href: "/summaries", keywords: ["brief", "daily summary", "watchlist"] },
  { label: "Build a new batch job", href: "/batches?tab=build", keywords: ["batch", "jsonl", "bulk"] },
  { label: "Upload a batch file", href: "/batches?tab=upload", keywords: ["jsonl", "file"] },
  { label: "Import a broker or CDSL file into a watchlist", href: "/watchlists", keywords: ["zerodha", "cdsl", "holdings", "csv", "portfolio"] },
  { label: "Set the confirmation threshold", href: "/settings", keywords: ["confirm", "credits", "spend", "ask"] },
  { label: "Store or replace your Alpha key", href: "/settings#alpha-key", keywords: ["api key", "key"] },
  { label: "See spend and the rate limits", href: "/usage", keywords: ["credits", "ledger", "balance", "rpm"] },
];

const ISIN = /^IN[A-Z0-9]{10}$/i;

function matches(text: string, q: string, keywords: readonly string[] = []): boolean {
  const needle = q.trim().toLowerCase();
  if (!needle) return true;
  return [text, ...keywords].some((t) => t.toLowerCase().includes(needle));
}

const ITEM =
  "flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm outline-none select-none data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-muted-foreground";
const GROUP = "px-1 py-1 [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground";

/**
 * One search box over the desk: companies by symbol, name, BSE code or ISIN (the symbol directory the typeahead
 * uses), the desk's pages and what it does. Opened with Ctrl-K (⌘K) or "/" from any page (./command-palette-button.tsx).
 */
export function CommandPalette({ open, onOpenChange, groups }: { open: boolean; onOpenChange: (open: boolean) => void; groups: NavGroup[] }) {
  const router = useRouter();
  const theme = useTheme();
  const [q, setQ] = React.useState("");
  const typed = React.useDeferredValue(q.trim());
  const symbols = useQuery({ ...deskQuery(api.searchSymbols, { query: { q: typed || "-", limit: 8 } }), enabled: typed.length > 0 });
  const found = typed.length > 0 ? (symbols.data?.matches ?? []) : [];
  const pages = groups.flatMap((g) => g.items.map((item) => ({ ...item, group: g.label }))).filter((p) => matches(p.label, q, [p.href.slice(1), p.group]));
  const actions = ACTIONS.filter((a) => matches(a.label, q, a.keywords));
  const themeAction = matches(theme === "dark" ? "Switch to light theme" : "Switch to dark theme", q, ["theme", "dark", "light", "colour"]);

  const go = (href: string) => {
    onOpenChange(false);
    setQ("");
    router.push(href);
  };

  return (
    <Dialog open={open} onOpenChange={(o) => (onOpenChange(o), o ? null : setQ(""))}>
      <DialogContent className="top-[15%] translate-y-0 gap-0 overflow-hidden p-0 sm:max-w-xl" showCloseButton={false} data-testid="command-palette">
        <DialogTitle className="sr-only">Search the desk</DialogTitle>
        <DialogDescription className="sr-only">Companies by symbol, name, BSE code or ISIN, the desk&apos;s pages and what it does.</DialogDescription>
        <Command shouldFilter={false} loop label="Search the desk" className="flex flex-col">
          <div className="flex items-center gap-2 border-b px-3">
            <SearchIcon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
            <Command.Input
              value={q}
              onValueChange={setQ}
              placeholder="Symbol, company, BSE code, ISIN, page or action…"
              className="h-12 w-full bg-transparent text-sm outline-none placeholder:text-muted-foreground"
              data-testid="command-input"
            />
          </div>
          <Command.List className="max-h-[min(60dvh,26rem)] overflow-y-auto p-1" aria-label="Results">
            <Command.Empty className="px-3 py-6 text-center text-sm text-muted-foreground">
              {symbols.isFetching ? "Searching…" : ISIN.test(typed) ? `No company with the ISIN ${typed.toUpperCase()} in the desk's directory. Buying the symbol catalogue (from the earnings page's search) adds ISINs.` : "Nothing matches. Try a symbol, part of a name or a BSE code."}
            </Command.Empty>
            {found.length > 0 && (
              <Command.Group heading="Companies" className={GROUP}>
                {found.map((m) => (
                  <Command.Item key={m.symbol} value={`symbol:${m.symbol}`} onSelect={() => go(symbolHref(m.symbol))} className={ITEM} data-testid="command-symbol" data-symbol={m.symbol}>
                    <BuildingIcon aria-hidden />
                    <span className="font-mono font-semibold">{m.symbol}</span>
                    <span className="min-w-0 flex-1 truncate text-muted-foreground">{m.name ?? ""}</span>
                    {m.matchedOn === "scripCode" && m.scripCode ? <span className="font-mono text-xs text-muted-foreground">BSE {m.scripCode}</span> : null}
                    {m.matchedOn === "isin" && m.isin ? <span className="font-mono text-xs text-muted-foreground">{m.isin}</span> : null}
                  </Command.Item>
                ))}
              </Command.Group>
            )}
            {pages.length > 0 && (
              <Command.Group heading="Pages" className={GROUP}>
                {pages.map((p) => (
                  <Command.Item key={p.href} value={`page:${p.href}`} onSelect={() => go(p.href)} className={ITEM} data-testid="command-page">
                    <span aria-hidden className="flex size-4 items-center justify-center [&_svg]:size-4">
                      {p.icon}
                    </span>
                    {p.label}
                  </Command.Item>
                ))}
              </Command.Group>
            )}
            {(actions.length > 0 || themeAction) && (
              <Command.Group heading="Actions" className={GROUP}>
                {actions.map((a) => (
                  <Command.Item key={a.label} value={`action:${a.label}`} onSelect={() => go(a.href)} className={ITEM} data-testid="command-action">
                    <ArrowRightIcon aria-hidden />
                    {a.label}
                  </Command.Item>
                ))}
                {themeAction && (
                  <Command.Item
                    value="action:theme"
                    onSelect={() => {
                      setTheme(theme === "dark" ? "light" : "dark");
                      onOpenChange(false);
                    }}
                    className={ITEM}
                    data-testid="command-action"
                  >
                    {theme === "dark" ? <SunIcon aria-hidden /> : <MoonIcon aria-hidden />}
                    {theme === "dark" ? "Switch to light theme" : "Switch to dark theme"}
                  </Command.Item>
                )}
              </Command.Group>
            )}
          </Command.List>
        </Command>
      </DialogContent>
    </Dialog>
  );
}
