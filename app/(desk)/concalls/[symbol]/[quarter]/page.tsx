import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { CalendarX2Icon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { Suspense } from "react";
import { ConcallView, ConcallViewSkeleton } from "@/components/concalls/concall-view";
import { callContextInputs } from "@/components/concalls/inputs";
import { EmptyState } from "@/components/shell/empty-state";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { QUARTER_KEY_RE, SYMBOL_RE } from "@/lib/alpha/primitives";
import { quarterKeyFromLabel, quarterLabel } from "@/lib/alpha/quarters";
import { requireUser, type SessionUser } from "@/lib/server/identity/auth";
import { alphaQueryOptions } from "@/lib/query/alpha";
import { pageContext, userHasKey, pageQueryClient } from "@/lib/server/routes/page-data";
import { symbolHref } from "@/lib/symbols/symbol-href";

type Params = Promise<{ symbol: string; quarter: string }>;

function readParams(raw: { symbol: string; quarter: string }) {
  const symbol = decodeURIComponent(raw.symbol).trim().toUpperCase();
  const given = decodeURIComponent(raw.quarter).trim();
  const quarter = QUARTER_KEY_RE.test(given.toLowerCase()) ? given.toLowerCase() : null;
  return { symbol, quarter, given, validSymbol: SYMBOL_RE.test(symbol) };
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const p = readParams(await params);
  return { title: p.quarter ? `${p.symbol} ${quarterLabel(p.quarter)} concall` : "Concall" };
}

async function CallSection({ user, symbol, quarter }: { user: SessionUser; symbol: string; quarter: string }) {
  const ctx = await pageContext();
  const client = pageQueryClient({ ctx, user });
  if (await userHasKey({ ctx, user })) {
    const inputs = callContextInputs(symbol);
    await Promise.all([client.prefetchQuery(alphaQueryOptions("listEarningsIndex", inputs.index)), client.prefetchQuery(alphaQueryOptions("listUpcomingConcalls", inputs.upcoming))]);
  }
  return (
    <HydrationBoundary state={dehydrate(client)}>
      <ConcallView symbol={symbol} quarter={quarter} />
    </HydrationBoundary>
  );
}

export default async function ConcallPage({ params }: { params: Params }) {
  const user = await requireUser();
  const p = readParams(await params);
  // "Q2 FY27" or "Q2FY27" in the address is the quarter q2_27: send the reader to its canonical address.
  const fromLabel = p.quarter ? null : quarterKeyFromLabel(p.given.replace(/[-_]/g, " "));
  if (fromLabel && p.validSymbol) redirect(`/concalls/${encodeURIComponent(p.symbol)}/${fromLabel}`);

  if (!p.validSymbol || !p.quarter) {
    return (
      <>
        <PageHeader title="Concall" />
        <EmptyState
          icon={CalendarX2Icon}
          title="This address does not name a call"
          description={
            !p.validSymbol
              ? `“${p.symbol}” is not an exchange symbol. Symbols look like TCS or M&M.`
              : `“${p.given}” is not a quarter. Quarters are written like q2_27 (Q2 FY27: July to September 2026).`
          }
          action={
            <Button asChild variant="outline">
              <Link href="/concalls">Browse concalls</Link>
            </Button>
          }
        />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={`${p.symbol} · ${quarterLabel(p.quarter)} concall`}
        description={
          <>
            The earnings call of {p.symbol} for {quarterLabel(p.quarter)}. Everything here costs credits and loads only when you ask; times are IST. See
            everything else about {p.symbol} on its{" "}
            <Link className="text-primary underline underline-offset-4 hover:decoration-2" href={symbolHref(p.symbol)}>
              symbol page
            </Link>
            .
          </>
        }
        actions={
          <Button asChild variant="outline" size="sm">
            <Link href={`/concalls?symbols=${encodeURIComponent(p.symbol)}`}>All {p.symbol} calls</Link>
          </Button>
        }
      />
      <Suspense fallback={<ConcallViewSkeleton />}>
        <CallSection user={user} symbol={p.symbol} quarter={p.quarter} />
      </Suspense>
    </>
  );
}
