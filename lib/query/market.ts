import { queryOptions } from "@tanstack/react-query";
import { deskCall } from "@/lib/desk/client";
import { queryKeys } from "@/lib/query/keys";

/** GET /api/market/calendar: the desk's active calendar (an admin's edit, else the built-in one). */
export function marketCalendarQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.market.calendar(),
    queryFn: ({ signal }) => deskCall("getMarketCalendar", { signal }),
    // The calendar changes when an admin edits it; an hour is fresh enough, and a save refreshes it at once.
    staleTime: 60 * 60_000,
  });
}

export function calendarVersionsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.admin.calendarVersions(),
    queryFn: ({ signal }) => deskCall("listMarketCalendarVersions", { signal }),
  });
}
