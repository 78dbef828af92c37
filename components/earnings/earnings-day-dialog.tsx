"use client";

import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import type { CalendarRow } from "./calendar";
import { longDayLabel } from "./calendar";
import { describeCounts } from "./calendar-parts";
import { AgendaRow } from "./calendar-week-agenda";

/** Every result of one calendar day, behind "+k more" (loaded by EarningsCalendar when first asked for). */
export function DayDialog({ day, rows, onClose }: { day: string | null; rows: CalendarRow[]; onClose: () => void }) {
  return (
    <Dialog open={day !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[85dvh] overflow-y-auto sm:max-w-xl" data-testid="calendar-day-dialog">
        <DialogHeader>
          <DialogTitle>{day ? longDayLabel(day) : ""}</DialogTitle>
          <DialogDescription>
            Results: {describeCounts(rows)}. Times are IST; a symbol opens its page.
          </DialogDescription>
        </DialogHeader>
        <ul className="divide-y">
          {rows.map((r) => (
            <AgendaRow key={r.id} row={r} />
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
