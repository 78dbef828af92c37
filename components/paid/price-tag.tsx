"use client";

import { CoinsIcon } from "lucide-react";
import type * as React from "react";
import { Badge } from "@/components/ui/badge";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { formatCredits } from "@/lib/format/number";
import { cn } from "@/lib/utils";

export interface Price {
  /** The most the action can cost, in credits (estimateCost). */
  credits: number;
  /** The actual charge may be lower (per item returned, only pages with results, only ready links...). */
  upTo?: boolean;
  /** How the endpoint is priced, in words (describeCost). */
  description?: string;
}

export function priceLabel({ credits, upTo }: Price): string {
  if (credits <= 0) return "Free";
  return upTo ? `up to ${formatCredits(credits)}` : formatCredits(credits);
}

/** A short sentence for a price, for inline copy: "3 credits", "up to 20 credits", "free". */
export function priceWords(price: Price): string {
  return price.credits <= 0 ? "free" : priceLabel(price);
}

/** The price of a paid action, shown beside the control before it runs. */
export function PriceTag({ credits, upTo, description, className, ...props }: Price & Omit<React.ComponentProps<"span">, "children">) {
  const label = priceLabel({ credits, upTo });
  const badge = (
    <Badge
      variant={credits > 0 ? "warning" : "neutral"}
      data-slot="price-tag"
      data-credits={credits}
      className={cn("font-mono tabular-nums", className)}
      aria-label={credits > 0 ? `Costs ${label}` : "Free"}
      {...props}
    >
      <CoinsIcon aria-hidden />
      {label}
    </Badge>
  );
  if (!description) return badge;
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <span tabIndex={0} className="inline-flex rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
          {badge}
        </span>
      </TooltipTrigger>
      <TooltipContent>{description}</TooltipContent>
    </Tooltip>
  );
}
