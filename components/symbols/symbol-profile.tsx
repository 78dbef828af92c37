"use client";

import { Building2Icon, ShieldAlertIcon } from "lucide-react";
import type { ReactNode } from "react";
import { CallMetaNoteWith, PaidButton, priceWords, usePaidCallWith } from "@/components/paid/paid-call-core";
import { ErrorState } from "@/components/shell/error-state";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton, Skeletons } from "@/components/ui/skeleton";
import { isAlphaError } from "@/lib/alpha/alpha-error";
import { formatCrore } from "@/lib/format/number";
import { symbolInputs } from "./inputs";
import { SYMBOL_PAGE_CALLS } from "./symbol-calls";
import { usePlanProduct } from "@/components/usage/use-plan-product";

function Field({ label, children, mono = false }: { label: string; children: ReactNode; mono?: boolean }) {
  return (
    <div className="grid grid-cols-1 gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={mono ? "font-mono text-sm" : "text-sm font-medium"}>{children ?? "—"}</dd>
    </div>
  );
}

/** Company metadata (1 credit, needs the Symbols scope): loaded only when asked; a missing scope is explained. */
export function SymbolProfile({ symbol }: { symbol: string }) {
  const input = symbolInputs(symbol).metadata;
  const { query, price, request, requested } = usePaidCallWith(SYMBOL_PAGE_CALLS, "listSymbolMetadata", input);
  const meta = query.data?.items.find((m) => m.symbol === symbol) ?? query.data?.items[0];

  const symbols = usePlanProduct("symbols");

  let body: ReactNode;
  if (!query.data && !requested && symbols.enabled === false) {
    // Not offered: the plan lacks the product, so the call could only be refused.
    body = (
      <Alert data-testid="profile-not-in-plan">
        <ShieldAlertIcon aria-hidden />
        <AlertTitle>Not in your plan</AlertTitle>
        <AlertDescription>
          <p>
            Company profiles come with the Symbols product, which {symbols.plan ? `the ${symbols.plan} plan` : "your Alpha plan"} does not include. The rest of
            this page works without it; ask your account admin to add Symbols to load profiles.
          </p>
        </AlertDescription>
      </Alert>
    );
  } else if (!query.data && !requested) {
    body = (
      <div className="grid grid-cols-1 gap-3" data-testid="profile-locked">
        <p className="text-sm text-muted-foreground">
          Company name, sector and industry, market capitalisation, ISIN, BSE scrip code and logo come from symbol metadata: {priceWords(price)}, and
          your Alpha plan needs the Symbols scope.
        </p>
        <PaidButton price={price} what={`Load the company profile of ${symbol}.`} onRun={request} testId="load-profile" className="justify-self-start">
          <Building2Icon aria-hidden />
          Load company profile
        </PaidButton>
      </div>
    );
  } else if (query.isPending) {
    body = (
      <div className="grid grid-cols-1 gap-3" aria-busy="true" aria-label="Loading the company profile">
        <Skeleton className="h-12 w-2/3" />
        <div className="grid grid-cols-2 gap-3">
          <Skeletons count={6} className="h-9" />
        </div>
      </div>
    );
  } else if (query.isError) {
    body =
      isAlphaError(query.error) && query.error.code === "scope_required" ? (
        <Alert data-testid="profile-scope-required">
          <ShieldAlertIcon aria-hidden />
          <AlertTitle>Needs the Symbols scope</AlertTitle>
          <AlertDescription>
            <p>
              Company profiles need the Symbols scope on the Alpha account of your key. Nothing was charged. Ask your account admin to add the
              scope; the rest of this page works without it.
            </p>
          </AlertDescription>
        </Alert>
      ) : (
        <div className="grid grid-cols-1 gap-3">
          <ErrorState error={query.error} />
          <PaidButton price={price} what={`Try loading the ${symbol} profile again.`} onRun={request} variant="outline" size="sm" className="justify-self-start">
            Try again
          </PaidButton>
        </div>
      );
  } else if (!meta) {
    body = (
      <p className="text-sm text-muted-foreground" data-testid="profile-unknown">
        The Alpha service has no metadata for {symbol}, and nothing was charged. Check the symbol: it may have been renamed or delisted.
      </p>
    );
  } else {
    body = (
      <div className="grid grid-cols-1 gap-4" data-testid="symbol-profile">
        <div className="flex items-center gap-3">
          {meta.logo && (
            // The logo is an SVG served by the Alpha service (CSP img-src allows its origin).
            // eslint-disable-next-line @next/next/no-img-element
            <img src={meta.logo} alt={`${meta.company_name ?? symbol} logo`} width={48} height={48} className="size-12 shrink-0 rounded-lg border bg-muted object-contain" />
          )}
          <div className="grid grid-cols-1 gap-0.5">
            <p className="text-lg font-semibold" data-testid="profile-company">
              {meta.company_name ?? symbol}
            </p>
            <p className="text-sm text-muted-foreground">{[meta.sector, meta.industry].filter(Boolean).join(" · ") || "Sector not given"}</p>
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-3 lg:grid-cols-2">
          <Field label="Market cap">{formatCrore(meta.market_cap)}</Field>
          <Field label="Sector">{meta.sector}</Field>
          <Field label="Industry">{meta.industry}</Field>
          <Field label="Basic industry">{meta.basic_industry}</Field>
          <Field label="Macro-economic indicator">{meta.macro_economic_indicator}</Field>
          <Field label="ISIN" mono>
            {meta.isin}
          </Field>
          <Field label="BSE scrip code" mono>
            {meta.scrip_code}
          </Field>
          <Field label="NSE symbol" mono>
            {meta.symbol}
          </Field>
        </dl>
        <CallMetaNoteWith calls={SYMBOL_PAGE_CALLS} id="listSymbolMetadata" input={input} meta={query.data.meta} what={`the ${symbol} profile`} />
      </div>
    );
  }

  return (
    <Card data-testid="profile-card">
      <CardHeader>
        <CardTitle>Company profile</CardTitle>
        <CardDescription>Who the company is and what it is worth, in ₹ crore.</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
