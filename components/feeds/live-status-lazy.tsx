"use client";

import { RadioIcon } from "lucide-react";
import { type ComponentProps, lazy, Suspense } from "react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";
import { LiveStatusBox } from "./live-status-box";

const RealBadge = lazy(() => import("./live-status").then((m) => ({ default: m.LiveStatusBadge })));

type Props = ComponentProps<typeof RealBadge>;

/** What the badge says before its code is loaded: the idle state's "Connecting", in the same box and shape. */
function IdleBadge({ reserve, className }: Pick<Props, "reserve" | "className">) {
  const badge = (
    <span className="inline-flex rounded-md">
      <Badge variant="neutral" data-state="idle" className={cn("h-7 gap-1.5 px-2.5", className)}>
        <RadioIcon aria-hidden />
        Connecting
      </Badge>
    </span>
  );
  return <LiveStatusBox reserve={reserve ?? false}>{badge}</LiveStatusBox>;
}

/**
 * The live status badge (`./live-status`) as its own chunk: its words for every state, the market-closed sentence
 * and its tooltip load with the page's first effects instead of its first load (issue 18). The server renders the
 * real badge; a client-side navigation shows the idle badge, in the same box, until the chunk is in.
 */
export function LiveStatusBadge(props: Props) {
  return (
    <Suspense fallback={<IdleBadge reserve={props.reserve} className={props.className} />}>
      <RealBadge {...props} />
    </Suspense>
  );
}
