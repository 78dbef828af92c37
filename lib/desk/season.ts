/**
 * The season tracker's route shapes (GET /api/season): which symbols to track and the board the server computed from
 * the free results index and calendar. Pure zod, browser-safe; the rules are lib/market/season.ts.
 */
import * as z from "zod";
import { quarterKeySchema } from "@/lib/alpha/primitives";
import { SEASON_SCOPES } from "./season-scopes";

export { SEASON_SCOPES } from "./season-scopes";

/** Whose symbols: every watchlist of the user (default), one of them, or every company the free data knows. */
export const seasonScopeSchema = z.enum(SEASON_SCOPES);
export type SeasonScope = z.infer<typeof seasonScopeSchema>;

export const seasonQuerySchema = z
  .object({
    scope: seasonScopeSchema.default("watchlists"),
    watchlist: z.string().trim().min(1).max(100).optional(),
    quarter: quarterKeySchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.scope === "watchlist" && !v.watchlist) ctx.addIssue({ code: "custom", path: ["watchlist"], message: "Choose a watchlist to track" });
    if (v.scope !== "watchlist" && v.watchlist) ctx.addIssue({ code: "custom", path: ["watchlist"], message: "A watchlist is only chosen with the watchlist scope" });
  });
export type SeasonQuery = z.input<typeof seasonQuerySchema>;
export type SeasonInput = z.output<typeof seasonQuerySchema>;

export const seasonCompanySchema = z.object({
  symbol: z.string(),
  company: z.string().nullable(),
  status: z.enum(["reported", "booked", "pending"]),
  at: z.string().nullable(),
  daysLeft: z.number().int(),
  late: z.boolean(),
});
export type SeasonCompanyView = z.infer<typeof seasonCompanySchema>;

export const seasonBoardSchema = z.object({
  quarter: z.string(),
  opensAt: z.string(),
  deadline: z.string(),
  deadlineDays: z.number().int(),
  daysLeft: z.number().int(),
  elapsed: z.number().min(0).max(1),
  companies: z.array(seasonCompanySchema),
  counts: z.object({ reported: z.number().int(), booked: z.number().int(), pending: z.number().int(), late: z.number().int(), total: z.number().int() }),
});

export const seasonViewSchema = seasonBoardSchema.extend({
  scope: seasonScopeSchema,
  /** The watchlist tracked (scope watchlist), or null. */
  watchlist: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The seasons the tracker offers now (the default first). */
  seasons: z.array(z.string()),
  /** Part of the free data was left unread (the account's rate budget); the counts may be incomplete. */
  partial: z.boolean(),
  /** The instant the board was computed (ISO). */
  computedAt: z.string(),
  /** Tracked symbols that are not companies (ETFs, gold bonds…): they file no results, so the board leaves them out. */
  instruments: z.array(z.object({ symbol: z.string(), label: z.string() })),
  /** Tracked symbols retired by a rename, merger or demerger: left out too, with what they trade as now. */
  retired: z.array(z.object({ symbol: z.string(), to: z.array(z.string()) })),
});
export type SeasonView = z.infer<typeof seasonViewSchema>;
