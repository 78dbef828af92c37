import { MinusIcon, TrendingDownIcon, TrendingUpIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";

const LABELS = { positive: "Positive", negative: "Negative", neutral: "Neutral" } as const;

/** Positive green, negative red, neutral grey; an unknown value shows as it is, in grey. */
export function SentimentBadge({ sentiment }: { sentiment: string | null | undefined }) {
  const s = sentiment === "positive" || sentiment === "negative" || sentiment === "neutral" ? sentiment : null;
  const Icon = s === "positive" ? TrendingUpIcon : s === "negative" ? TrendingDownIcon : MinusIcon;
  return (
    <Badge variant={s ?? "neutral"} data-testid="sentiment-badge" data-sentiment={sentiment ?? "unknown"}>
      <Icon aria-hidden />
      {s ? LABELS[s] : (sentiment ?? "No sentiment")}
    </Badge>
  );
}
