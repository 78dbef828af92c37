import { XIcon } from "lucide-react";
import { cn } from "@/lib/utils";
import { Badge } from "./badge";

/** A chosen value as a chip with its own remove button ("Remove TCS"), as the filter bars show them. */
export function RemovableBadge({ label, onRemove, className }: { label: string; onRemove: () => void; className?: string }) {
  return (
    <Badge variant="secondary" className={cn("h-7 gap-1 pr-1", className)}>
      {label}
      <button
        type="button"
        className="rounded-sm p-0.5 hover:bg-background/60 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        aria-label={`Remove ${label}`}
        onClick={onRemove}
      >
        <XIcon className="size-3" />
      </button>
    </Badge>
  );
}
