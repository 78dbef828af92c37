import { DownloadIcon } from "lucide-react";
import { Button } from "@/components/ui/button";

/** A small outline button that downloads a desk CSV export. */
export function CsvLink({ href, label = "Download CSV", testId, className }: { href: string; label?: string; testId?: string; className?: string }) {
  return (
    <Button asChild variant="outline" size="sm" className={className}>
      <a href={href} download data-testid={testId}>
        <DownloadIcon aria-hidden />
        {label}
      </a>
    </Button>
  );
}
