import * as React from "react";
import { cn } from "@/lib/utils";

/**
 * A Radix part or an element as it is, marked with its `data-slot` (what the styles and tests select it by); with
 * `classes`, those come first and the caller's `className` is merged over them.
 */
export function slotted<C extends React.ElementType>(Component: C, slot: string, classes?: string): (props: React.ComponentProps<C>) => React.ReactElement {
  function Slotted(props: React.ComponentProps<C>) {
    if (classes === undefined) return React.createElement(Component, { "data-slot": slot, ...props });
    const { className, ...rest } = props as { className?: string };
    return React.createElement(Component, { "data-slot": slot, className: cn(classes, className), ...rest });
  }
  Slotted.displayName = slot;
  return Slotted;
}
