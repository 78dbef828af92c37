import * as z from "zod";

/**
 * Private calendar feeds: one per watchlist, and one for all of the user's watchlists (watchlistId null). The address
 * is shown once, when made or rotated (the desk keeps only its token's hash); rotating or revoking retires the old one.
 */
export const calendarFeedSchema = z.object({
  id: z.string(),
  watchlistId: z.string().nullable(),
  /** The watchlist's name; null for the feed of all watchlists. */
  watchlistName: z.string().nullable(),
  createdAt: z.string(),
  rotatedAt: z.string().nullable(),
});
export type CalendarFeed = z.output<typeof calendarFeedSchema>;

export const issuedCalendarFeedSchema = calendarFeedSchema.extend({ url: z.string() });
export type IssuedCalendarFeed = z.output<typeof issuedCalendarFeedSchema>;

export const createCalendarFeedInputSchema = z.object({ watchlistId: z.string().min(1).max(64).nullable() });
export type CreateCalendarFeedInput = z.output<typeof createCalendarFeedInputSchema>;

/** The feed's path segment: the capability token (a wrong one is a 404 that names nothing). */
export const calendarTokenParams = z.object({ token: z.string({ message: "No such calendar" }).regex(/^adcal_[A-Za-z0-9_-]{43}$/, { message: "No such calendar" }) });
