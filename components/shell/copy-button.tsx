"use client";

import { CheckIcon, CopyIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";

/** Copies a text to the clipboard and says so for a moment ("Copied") in place of its label. */
export function CopyButton({ text, label, testId }: { text: string; label: string; testId: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      variant="outline"
      size="sm"
      data-testid={testId}
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => {
          setCopied(true);
          setTimeout(() => setCopied(false), 1_500);
        });
      }}
    >
      {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
      {copied ? "Copied" : label}
    </Button>
  );
}

/** Copies a text and says so in a toast ("Link copied."), or asks for it to be copied by hand where the browser refuses. */
export function copyWithToast(text: string, what: string): void {
  void navigator.clipboard?.writeText(text).then(
    () => toast.success(`${what} copied.`),
    () => toast.error("Copy it by hand: select the field."),
  );
}
