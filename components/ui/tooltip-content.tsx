"use client";

import * as React from "react";
import { createPortal } from "react-dom";
import { cn } from "@/lib/utils";
import { type Side, useTooltip } from "./tooltip";

/** The open tooltip's text: placed beside its trigger in a portal (fetched by components/ui/tooltip.tsx on first open). */
export type TooltipContentProps = React.ComponentProps<"div"> & { side?: Side; sideOffset?: number };

interface Placement {
  top: number;
  left: number;
  side: Side;
  /** The arrow's centre along the side facing the trigger, in px from the text's start. */
  arrow: number;
}

const FLIP: Record<Side, Side> = { top: "bottom", bottom: "top", left: "right", right: "left" };
const MARGIN = 8;

/** Where the text goes beside the trigger: on `side` if it fits, else the other side; kept inside the viewport. */
export function placeTooltip(
  anchor: { top: number; left: number; width: number; height: number },
  size: { width: number; height: number },
  viewport: { width: number; height: number },
  side: Side,
  offset: number,
): Placement {
  const fits = (s: Side) =>
    s === "top"
      ? anchor.top - offset - size.height >= MARGIN
      : s === "bottom"
        ? anchor.top + anchor.height + offset + size.height <= viewport.height - MARGIN
        : s === "left"
          ? anchor.left - offset - size.width >= MARGIN
          : anchor.left + anchor.width + offset + size.width <= viewport.width - MARGIN;
  const placed = fits(side) || !fits(FLIP[side]) ? side : FLIP[side];
  const centreX = anchor.left + anchor.width / 2 - size.width / 2;
  const centreY = anchor.top + anchor.height / 2 - size.height / 2;
  const top =
    placed === "top" ? anchor.top - offset - size.height : placed === "bottom" ? anchor.top + anchor.height + offset : centreY;
  const left =
    placed === "left" ? anchor.left - offset - size.width : placed === "right" ? anchor.left + anchor.width + offset : centreX;
  const clamp = (value: number, room: number) => Math.max(MARGIN, Math.min(value, room - MARGIN));
  const at = { top: clamp(top, viewport.height - size.height), left: clamp(left, viewport.width - size.width) };
  // The arrow points at the trigger's centre even when the text was pushed along the edge.
  const vertical = placed === "top" || placed === "bottom";
  const arrow = vertical ? anchor.left + anchor.width / 2 - at.left : anchor.top + anchor.height / 2 - at.top;
  const along = vertical ? size.width : size.height;
  return { ...at, side: placed, arrow: Math.max(8, Math.min(arrow, along - 8)) };
}

export default function TooltipContent({
  className,
  side = "top",
  sideOffset = 4,
  children,
  style,
  ...props
}: TooltipContentProps) {
  const tip = useTooltip("TooltipContent");
  const content = React.useRef<HTMLDivElement>(null);
  const arrow = React.useRef<HTMLSpanElement>(null);
  // Placed straight on the DOM before paint (a measured position, not render state); hidden until then.
  React.useLayoutEffect(() => {
    const anchor = tip.trigger.current;
    const box = content.current;
    if (!tip.open || !anchor || !box) return;
    const update = () => {
      const place = placeTooltip(
        anchor.getBoundingClientRect(),
        { width: box.offsetWidth, height: box.offsetHeight },
        { width: document.documentElement.clientWidth, height: document.documentElement.clientHeight },
        side,
        sideOffset + 5,
      );
      box.style.top = `${place.top}px`;
      box.style.left = `${place.left}px`;
      box.style.visibility = "visible";
      box.dataset.side = place.side;
      if (arrow.current) {
        const vertical = place.side === "top" || place.side === "bottom";
        arrow.current.style.left = vertical ? `${place.arrow}px` : "";
        arrow.current.style.top = vertical ? "" : `${place.arrow}px`;
      }
    };
    update();
    window.addEventListener("scroll", update, true);
    window.addEventListener("resize", update);
    return () => {
      window.removeEventListener("scroll", update, true);
      window.removeEventListener("resize", update);
    };
  }, [tip.open, tip.trigger, side, sideOffset]);
  if (!tip.open) return null;
  return createPortal(
    <div
      ref={content}
      id={tip.contentId}
      role="tooltip"
      data-slot="tooltip-content"
      data-side={side}
      onPointerEnter={() => tip.show(0)}
      onPointerLeave={() => tip.hide(100)}
      style={{ position: "fixed", top: 0, left: 0, visibility: "hidden", ...style }}
      className={cn("group z-50 w-fit max-w-xs rounded-md bg-foreground px-3 py-1.5 text-xs text-balance text-background", className)}
      {...props}
    >
      {children}
      <span
        ref={arrow}
        aria-hidden
        className={cn(
          "absolute size-2.5 rotate-45 rounded-[2px] bg-foreground",
          "group-data-[side=top]:top-full group-data-[side=top]:-translate-x-1/2 group-data-[side=top]:-translate-y-[calc(50%+1px)]",
          "group-data-[side=bottom]:bottom-full group-data-[side=bottom]:-translate-x-1/2 group-data-[side=bottom]:translate-y-[calc(50%+1px)]",
          "group-data-[side=left]:left-full group-data-[side=left]:-translate-x-[calc(50%+1px)] group-data-[side=left]:-translate-y-1/2",
          "group-data-[side=right]:right-full group-data-[side=right]:translate-x-[calc(50%+1px)] group-data-[side=right]:-translate-y-1/2",
        )}
      />
    </div>,
    document.body,
  );
}
