import { IntentLink } from "@/components/ui/intent-link";
import { symbolHref } from "@/lib/symbols/symbol-href";
import { cn } from "@/lib/utils";
import { QuarterBadge } from "@/components/shell/quarter-badge";

/** A call's company (a link to its page) and quarter, as the concall lists name it. */
export function CallName({ symbol, quarter, linkClassName }: { symbol: string; quarter: string | null | undefined; linkClassName?: string }) {
  return (
    <>
      <IntentLink href={symbolHref(symbol)} className={cn("font-mono font-semibold text-primary hover:underline", linkClassName)}>
        {symbol}
      </IntentLink>
      <QuarterBadge quarter={quarter} />
    </>
  );
}
