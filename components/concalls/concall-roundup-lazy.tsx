"use client";

import { NewspaperIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { dialogOnDemand } from "@/components/ui/dialog-on-demand";

const { Dialog: RoundupDialog, preload } = dialogOnDemand(
  () => import("./concall-roundup").then((m) => m.ConcallRoundup),
  (props) => props.open,
);

/** The weekly roundup: a button in the page's header, its dialog fetched on demand (nothing moves on the page). */
export function ConcallRoundupButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} onPointerEnter={preload} onFocus={preload} data-testid="open-roundup">
        <NewspaperIcon aria-hidden />
        Weekly roundup
      </Button>
      <RoundupDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
