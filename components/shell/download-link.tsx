import { DownloadIcon, type LucideIcon } from "lucide-react";
import { Button } from "@/components/ui/button";

/** A small outline button that downloads one of the desk's exports (a CSV unless told). */
export function DownloadLink({
  href,
  label = "Download CSV",
  icon: Icon = DownloadIcon,
  testId,
  className,
}: {
  href: string;
  label?: string;
  icon?: LucideIcon;
  testId?: string;
  className?: string;
}) {
  return (
    <Button asChild variant="outline" size="sm" className={className}>
      <a href={href} download data-testid={testId}>
        <Icon aria-hidden />
        {label}
      </a>
    </Button>
  );
}
