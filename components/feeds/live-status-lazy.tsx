"use client";

import { MoonIcon, RadioIcon } from "lucide-react";
import { type ComponentProps, lazy, Suspense } from "react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";
import { CLOSED_SENTENCE_CLASS, LiveStatusBox, useMarketClosedNote } from "./live-status-box";

const RealBadge = lazy(() => import("./live-status").then((m) => ({ default: m.LiveStatusBadge })));

type Props = ComponentProps<typeof RealBadge>;

/**
 * What the badge says before its code is loaded: the connecting state's words, in the same box and shape. While the
 * market is shut that is the market-closed sentence, as the badge says it while connecting and once connected, so
 * nothing changes size when the badge's code and the stream arrive (e2e/layout-stability.spec.ts).
 */
function IdleBadge({ reserve, className, product, off, paused }: Pick<Props, "reserve" | "className" | "product" | "off" | "paused">) {
  const closedNote = useMarketClosedNote(product);
  const closed = closedNote !== null && !off && !paused;
  const badge = (
    <span className="inline-flex rounded-md">
      <Badge variant="neutral" data-state="idle" className={cn("h-7 gap-1.5 px-2.5", closed && CLOSED_SENTENCE_CLASS, className)}>
        {closed ? <MoonIcon aria-hidden /> : <RadioIcon aria-hidden />}
        {closed ? closedNote : "Connecting"}
      </Badge>
    </span>
  );
  return <LiveStatusBox reserve={reserve ?? false}>{badge}</LiveStatusBox>;
}

/**
 * The live status badge as its own chunk, loaded with the page's first effects; the server renders the real badge,
 * and a client-side navigation shows the idle one in the same box until the chunk is in.
 */
export function LiveStatusBadge(props: Props) {
  return (
    <Suspense fallback={<IdleBadge reserve={props.reserve} className={props.className} product={props.product} off={props.off} paused={props.paused} />}>
      <RealBadge {...props} />
    </Suspense>
  );
}
