import { AlertTriangleIcon, CompassIcon, ThumbsDownIcon, ThumbsUpIcon } from "lucide-react";
import type { Concall } from "@/lib/alpha/concalls";
import { cn } from "@/lib/utils";

/** What a call's analysis says at a glance, read defensively: every part of it may be missing. */
export function concallGlance(call: Concall) {
  const indicators = call.sentiment_analysis?.sentiment?.key_indicators;
  return {
    guidance: call.short_analysis?.guidance?.trim() || null,
    redflags: call.short_analysis?.redflags?.trim() || null,
    positive: (indicators?.positive ?? []).filter(Boolean),
    negative: (indicators?.negative ?? []).filter(Boolean),
  };
}

/** "No material red flags …", "Nothing alarming …" are the analysis saying there are none: shown calm, not as a warning. */
export function saysNoRedFlags(text: string | null): boolean {
  return !text || /^\s*(no (material |major |significant )?(red flags|concerns)|nothing (alarming|of concern)|none\b)/i.test(text);
}

export function IndicatorList({ items, tone, compact = false }: { items: string[]; tone: "positive" | "negative"; compact?: boolean }) {
  const Icon = tone === "positive" ? ThumbsUpIcon : ThumbsDownIcon;
  if (items.length === 0) {
    return <p className="text-xs text-muted-foreground">{tone === "positive" ? "No positives listed" : "No negatives listed"}</p>;
  }
  return (
    <ul className={cn("flex flex-wrap gap-1.5", !compact && "gap-2")} aria-label={tone === "positive" ? "Positive indicators" : "Negative indicators"} data-testid={`indicators-${tone}`}>
      {items.map((item) => (
        <li
          key={item}
          className={cn(
            "inline-flex items-center gap-1 rounded-md border px-2 py-0.5 text-xs",
            tone === "positive" ? "border-positive/30 bg-positive/10 text-positive" : "border-negative/30 bg-negative/10 text-negative",
          )}
        >
          <Icon aria-hidden className="size-3" />
          <span className="text-foreground">{item}</span>
        </li>
      ))}
    </ul>
  );
}

export function GuidanceBlock({ text, clamp = false }: { text: string | null; clamp?: boolean }) {
  return (
    <div className="grid grid-cols-1 gap-1">
      <p className="flex items-center gap-1.5 text-xs font-medium tracking-wide text-muted-foreground uppercase">
        <CompassIcon aria-hidden className="size-3.5" />
        Guidance
      </p>
      <p className={cn("text-sm leading-relaxed", clamp && "line-clamp-3")} data-testid="guidance">
        {text ?? <span className="text-muted-foreground">No guidance in the analysis.</span>}
      </p>
    </div>
  );
}

export function RedFlagsBlock({ text, clamp = false, boxed = false }: { text: string | null; clamp?: boolean; boxed?: boolean }) {
  const none = saysNoRedFlags(text);
  return (
    <div className={cn("grid content-start gap-1 rounded-md", !none && "border border-warning/50 bg-warning/10 p-2.5", boxed && "rounded-lg p-4", boxed && none && "border")}>
      <p className={cn("flex items-center gap-1.5 text-xs font-medium tracking-wide uppercase", none ? "text-muted-foreground" : "text-foreground")}>
        <AlertTriangleIcon aria-hidden className={cn("size-3.5", !none && "text-warning")} />
        Red flags
      </p>
      <p className={cn("text-sm leading-relaxed", clamp && "line-clamp-2", none && "text-muted-foreground")} data-testid="redflags">
        {text ?? "None noted."}
      </p>
    </div>
  );
}
