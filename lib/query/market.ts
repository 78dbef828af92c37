import { queryOptions } from "@tanstack/react-query";
import { SHELL_ROUTES } from "@/lib/desk/shell-call";
import { deskKeys } from "@/lib/query/desk-keys";

/** GET /api/market/calendar: the desk's active calendar (an admin's edit, else the built-in one). */
export function marketCalendarQueryOptions() {
  return queryOptions({
    queryKey: deskKeys.market.calendar(),
    queryFn: ({ signal }) => SHELL_ROUTES.call("getMarketCalendar", { signal }),
    // The calendar changes when an admin edits it; an hour is fresh enough, and a save refreshes it at once.
    staleTime: 60 * 60_000,
  });
}

export function calendarVersionsQueryOptions() {
  return queryOptions({
    queryKey: deskKeys.admin.calendarVersions(),
    queryFn: ({ signal }) => SHELL_ROUTES.call("listMarketCalendarVersions", { signal }),
  });
}
