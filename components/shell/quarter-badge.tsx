import { Badge } from "@/components/ui/badge";
import { formatQuarter } from "@/lib/format/quarter";

/** A results quarter as the earnings and concall pages tag a row with it ("Q2 FY26"). */
export function QuarterBadge({ quarter }: { quarter: string | null | undefined }) {
  return (
    <Badge variant="outline" className="font-mono">
      {formatQuarter(quarter)}
    </Badge>
  );
}
