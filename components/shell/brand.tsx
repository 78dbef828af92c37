import Link from "next/link";
import { cn } from "@/lib/utils";

export function Brand({ compact = false, className, href = "/" }: { compact?: boolean; className?: string; href?: string }) {
  return (
    <Link href={href} className={cn("flex items-center gap-2 rounded-md font-semibold tracking-tight", className)}>
      <span aria-hidden className="grid size-7 shrink-0 place-items-center rounded-md bg-primary text-sm font-bold text-primary-foreground">
        α
      </span>
      <span className={cn(compact && "sr-only")}>Alpha Desk</span>
    </Link>
  );
}
