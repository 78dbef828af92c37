import { slotted } from "./slotted";

export const Card = slotted("div", "card", "flex flex-col gap-5 rounded-xl border bg-card py-5 text-card-foreground shadow-sm");
export const CardHeader = slotted(
  "div",
  "card-header",
  "@container/card-header grid auto-rows-min grid-rows-[auto_auto] items-start gap-1.5 px-5 has-data-[slot=card-action]:grid-cols-[1fr_auto] [.border-b]:pb-5",
);
export const CardTitle = slotted("div", "card-title", "col-start-1 leading-none font-semibold");
export const CardDescription = slotted("div", "card-description", "col-start-1 text-sm text-muted-foreground");
// Beside the title and description where the header has room; under them on a narrow card, where a column beside
// them would squeeze the title to a word a line.
export const CardAction = slotted(
  "div",
  "card-action",
  "col-start-1 row-start-3 self-start justify-self-start @md/card-header:col-start-2 @md/card-header:row-span-2 @md/card-header:row-start-1 @md/card-header:justify-self-end",
);
export const CardContent = slotted("div", "card-content", "px-5");
export const CardFooter = slotted("div", "card-footer", "flex items-center px-5 [.border-t]:pt-5");
