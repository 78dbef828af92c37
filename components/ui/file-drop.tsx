import { FileUpIcon } from "lucide-react";
import { cn } from "@/lib/utils";

/** A file field as a dashed box that says what it holds; the input (hidden) is chosen through its label. */
export function FileDrop({ id, label, accept, testId, onFile, className }: { id: string; label: string; accept: string; testId: string; onFile: (file: File | undefined) => void; className?: string }) {
  return (
    <label
      htmlFor={id}
      className={cn(
        "flex cursor-pointer items-center gap-3 rounded-lg border border-dashed px-4 py-4 text-sm text-muted-foreground hover:bg-muted/50 focus-within:ring-[3px] focus-within:ring-ring/50",
        className,
      )}
    >
      <FileUpIcon aria-hidden className="size-5 shrink-0" />
      <span className="min-w-0 truncate">{label}</span>
      <input
        id={id}
        type="file"
        accept={accept}
        className="sr-only"
        data-testid={testId}
        onChange={(e) => {
          onFile(e.target.files?.[0]);
          e.target.value = "";
        }}
      />
    </label>
  );
}
