"use client";

import { CheckIcon, XIcon } from "lucide-react";
import { ErrorState } from "@/components/shell/error-state";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatNumber } from "@/lib/format/number";
import { formatAddonTier, formatPlanName, formatStatusWord } from "@/lib/format/plan";
import type { UsageView } from "@/lib/desk/usage";
import { useUsage } from "./use-usage";

const PRODUCT_LABELS: Record<string, string> = {
  earnings: "Earnings",
  alerts: "Alerts",
  announcements: "Announcements",
  news: "News",
  block_deals: "Block deals",
  "block-deals": "Block deals",
  concalls: "Concalls",
  symbols: "Symbols",
  summaries: "Summaries",
};

const label = (p: string) => PRODUCT_LABELS[p] ?? p;

/** The Alpha account behind the user's key: status, plan, products and WebSocket add-ons. */
export function AccountProfileCard() {
  const query = useUsage();
  return (
    <Card data-testid="account-profile">
      <CardHeader>
        <CardTitle>Alpha account</CardTitle>
        <CardDescription>The account of your key, as the Alpha API reports it.</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <div className="grid gap-3" aria-busy="true" aria-label="Loading the account">
            <Skeleton className="h-5 w-48" />
            <Skeleton className="h-5 w-64" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <Profile usage={query.data} />
        )}
      </CardContent>
    </Card>
  );
}

function Profile({ usage }: { usage: UsageView }) {
  const account = usage.account;
  const plan = formatPlanName(account.metadata.subscription_plan_name, account.metadata.subscription_plan_id);
  const products = account.products;
  const addons = account.websocket_addons;
  return (
    <div className="grid gap-5">
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
        <dt className="text-muted-foreground">Account</dt>
        <dd className="truncate font-medium">{account.name ?? account.account_id}</dd>
        <dt className="text-muted-foreground">Status</dt>
        <dd>
          <Badge variant={account.status === "active" ? "positive" : "warning"}>{formatStatusWord(account.status)}</Badge>
        </dd>
        <dt className="text-muted-foreground">Plan</dt>
        <dd className="font-medium">{plan ?? "—"}</dd>
        <dt className="text-muted-foreground">Limits</dt>
        <dd className="font-mono tabular-nums">
          {formatNumber(usage.usage.rate_limits.overall.rpm)}/min · {formatNumber(usage.usage.rate_limits.overall.daily)}/day
        </dd>
      </dl>
      <div className="grid gap-2">
        <h3 className="text-sm font-medium">Products</h3>
        {products.length === 0 ? (
          <p className="text-sm text-muted-foreground">The account lists no products.</p>
        ) : (
          <ul className="flex flex-wrap gap-2" aria-label="Products">
            {products.map((p) => (
              <li key={p.product}>
                <Badge variant={p.enabled ? "positive" : "neutral"} aria-label={`${label(p.product)}: ${p.enabled ? "enabled" : "not enabled"}`}>
                  {p.enabled ? <CheckIcon aria-hidden /> : <XIcon aria-hidden />}
                  {label(p.product)}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="grid gap-2">
        <h3 className="text-sm font-medium">WebSocket add-ons</h3>
        {addons.length === 0 ? (
          <p className="text-sm text-muted-foreground">None: live pages fall back to polling, whose empty pages are free.</p>
        ) : (
          <ul className="flex flex-wrap gap-2" aria-label="WebSocket add-ons">
            {addons.map((a) => (
              <li key={`${a.product}-${a.tier}`}>
                <Badge variant={a.enabled ? "secondary" : "neutral"}>
                  {label(a.product)} <span className="text-[0.7rem] opacity-80">{formatAddonTier(a.tier)}</span>
                  {!a.enabled && " (off)"}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
