import { Slot as SlotPrimitive } from "radix-ui";

/** `asChild` for Button, Badge, Tabs and TooltipTrigger: Radix's Slot (docs/primitives.md says why it is the library's). */
export const Slot = SlotPrimitive.Root;
