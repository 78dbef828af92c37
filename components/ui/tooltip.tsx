"use client";

import * as React from "react";
import type { TooltipContentProps } from "./tooltip-content";
import { Slot } from "./slot";

// shadcn/ui's Tooltip API over a small hover/focus tooltip (Radix's costs 17 kB on every page: docs/primitives.md).
// role="tooltip" named by aria-describedby; opens on hover and focus, closes on Escape, blur, press or leaving. Its
// placement part (tooltip-content.tsx) is fetched on first open, behind the hover delay.

export type Side = "top" | "right" | "bottom" | "left";

const DelayContext = React.createContext(200);

interface TooltipState {
  open: boolean;
  contentId: string;
  delay: number;
  trigger: React.RefObject<HTMLElement | null>;
  setTrigger: (node: HTMLElement | null) => void;
  show: (delay: number) => void;
  hide: (grace: number) => void;
}
const TooltipContext = React.createContext<TooltipState | null>(null);

export function useTooltip(part: string): TooltipState {
  const state = React.useContext(TooltipContext);
  if (!state) throw new Error(`${part} must be used inside a <Tooltip>`);
  return state;
}

export function TooltipProvider({ delayDuration = 200, children }: { delayDuration?: number; children?: React.ReactNode }) {
  return <DelayContext.Provider value={delayDuration}>{children}</DelayContext.Provider>;
}

export function Tooltip({ delayDuration, children }: { delayDuration?: number; children?: React.ReactNode }) {
  const providerDelay = React.useContext(DelayContext);
  const [open, setOpen] = React.useState(false);
  const contentId = React.useId();
  const trigger = React.useRef<HTMLElement | null>(null);
  const timer = React.useRef<number | undefined>(undefined);
  const later = React.useCallback((ms: number, next: boolean) => {
    window.clearTimeout(timer.current);
    if (ms <= 0) setOpen(next);
    else timer.current = window.setTimeout(() => setOpen(next), ms);
  }, []);
  React.useEffect(() => () => window.clearTimeout(timer.current), []);
  React.useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") later(0, false);
    };
    document.addEventListener("keydown", onKey, true);
    return () => document.removeEventListener("keydown", onKey, true);
  }, [open, later]);
  const state = React.useMemo<TooltipState>(
    () => ({
      open,
      contentId,
      delay: delayDuration ?? providerDelay,
      trigger,
      setTrigger: (node) => {
        trigger.current = node;
      },
      show: (ms) => later(ms, true),
      hide: (grace) => later(grace, false),
    }),
    [open, contentId, delayDuration, providerDelay, later],
  );
  return <TooltipContext.Provider value={state}>{children}</TooltipContext.Provider>;
}

type TriggerProps = React.ComponentProps<"button"> & { asChild?: boolean };

export function TooltipTrigger({ asChild = false, ref, onPointerEnter, onPointerLeave, onPointerDown, onFocus, onBlur, ...props }: TriggerProps) {
  const tip = useTooltip("TooltipTrigger");
  // Focus that follows a press is the press's, not a request for the hint (as Radix: no tooltip after a click).
  const pressed = React.useRef(false);
  const Comp = asChild ? Slot : "button";
  const setRef = (node: HTMLButtonElement | null) => {
    tip.setTrigger(node);
    if (typeof ref === "function") ref(node);
    else if (ref) ref.current = node;
  };
  return (
    <Comp
      data-slot="tooltip-trigger"
      data-state={tip.open ? "delayed-open" : "closed"}
      aria-describedby={tip.open ? tip.contentId : undefined}
      ref={setRef}
      onPointerEnter={(event: React.PointerEvent<HTMLButtonElement>) => {
        onPointerEnter?.(event);
        if (event.pointerType !== "touch") tip.show(tip.delay);
      }}
      onPointerLeave={(event: React.PointerEvent<HTMLButtonElement>) => {
        onPointerLeave?.(event);
        // A short grace lets the pointer cross to the text (it stays open while hovered: WCAG 1.4.13).
        tip.hide(100);
      }}
      onPointerDown={(event: React.PointerEvent<HTMLButtonElement>) => {
        onPointerDown?.(event);
        pressed.current = true;
        document.addEventListener("pointerup", () => (pressed.current = false), { once: true });
        tip.hide(0);
      }}
      onFocus={(event: React.FocusEvent<HTMLButtonElement>) => {
        onFocus?.(event);
        if (!pressed.current) tip.show(0);
      }}
      onBlur={(event: React.FocusEvent<HTMLButtonElement>) => {
        onBlur?.(event);
        tip.hide(0);
      }}
      {...props}
    />
  );
}

const PositionedContent = React.lazy(() => import("./tooltip-content"));

export function TooltipContent(props: TooltipContentProps) {
  const tip = useTooltip("TooltipContent");
  if (!tip.open) return null;
  return (
    <React.Suspense fallback={null}>
      <PositionedContent {...props} />
    </React.Suspense>
  );
}
