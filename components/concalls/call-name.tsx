import { Badge } from "@/components/ui/badge";
import { IntentLink } from "@/components/ui/intent-link";
import { formatQuarter } from "@/lib/format/quarter";
import { symbolHref } from "@/lib/symbols/symbol-href";
import { cn } from "@/lib/utils";

/** A call's company (a link to its page) and quarter, as the concall lists name it. */
export function CallName({ symbol, quarter, linkClassName }: { symbol: string; quarter: string | null | undefined; linkClassName?: string }) {
  return (
    <>
      <IntentLink href={symbolHref(symbol)} className={cn("font-mono font-semibold text-primary hover:underline", linkClassName)}>
        {symbol}
      </IntentLink>
      <Badge variant="outline" className="font-mono">
        {formatQuarter(quarter)}
      </Badge>
    </>
  );
}
