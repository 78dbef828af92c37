/**
 * THE DESK'S OWN CONTRACT: every `/api` route of the desk, once — method, path, who may call it, its input and its
 * answer — the way lib/alpha is the service's. Route files are derived from it (`deskRoute(id, handler)` in
 * lib/server/http/route.ts picks the guard from `access`); the browser calls routes through `deskCall(id, ...)`
 * (lib/desk/client.ts), which builds the URL from `path` and parses the answer with `output`. Pure zod, browser-safe.
 * Not here: /api/auth/[...nextauth] (next-auth's own protocol).
 */
import * as z from "zod";
import { batchInputSchema } from "@/lib/query/batch-input-schema";
import { lookupSummaryInputSchema, summaryEntrySchema, summaryListEntrySchema } from "@/lib/query/summary-schema";
import {
  addWatchlistItemsInputSchema,
  createWatchlistInputSchema,
  isinResolutionSchema,
  renameWatchlistInputSchema,
  resolveIsinsInputSchema,
  symbolCheckSchema,
  updateWatchlistItemInputSchema,
  watchlistSchema,
} from "@/lib/query/watchlist-schema";
import { briefRunSchema, briefScheduleSchema, createBriefScheduleInputSchema, listBriefRunsQuerySchema, updateBriefScheduleInputSchema } from "./briefs";
import { buySymbolCatalogueInputSchema, symbolCatalogueBuySchema, symbolSearchInputSchema, symbolSearchResultSchema } from "@/lib/symbols/directory-schema";
import { accountRoutes } from "./account";
import { proxyMetaSchema } from "./envelope";
import { route } from "./route-def";
import { activeCalendarSchema, calendarVersionSchema, saveCalendarInputSchema } from "./market";
import { seasonQuerySchema, seasonViewSchema } from "./season";
import { deskSpendSchema, spendQuerySchema, usageViewSchema } from "./usage";
import {
  auditEntrySchema,
  createdInviteSchema,
  createInviteInputSchema,
  inviteSchema,
  orgKeyStatusSchema,
  putOrgKeyInputSchema,
  seatSchema,
  teamViewSchema,
  updateMemberInputSchema,
  watchlistSharingSchema,
} from "./teams";
import { alphaKeyStatusSchema, createUserInputSchema, updateUserInputSchema, userSummarySchema } from "./users";

export type { DeskAccess, DeskMethod, DeskRouteDef } from "./route-def";

export const healthSchema = z.object({
  status: z.enum(["ok", "unavailable"]),
  /** This process among the desk's instances (random per start). */
  instance: z.string(),
  /** The build it runs (deploymentId), so a rolling deploy can be watched. */
  deployment: z.string().nullable(),
  database: z.object({ ok: z.boolean(), kind: z.enum(["sqlite", "postgres"]), ms: z.number() }),
  shared: z.object({ ok: z.boolean(), kind: z.enum(["memory", "redis"]), ms: z.number() }),
  jobs: z.object({ kind: z.enum(["memory", "pg-boss"]) }),
});

export const deskRoutes = {
  // The Alpha proxy: the catalogue path after /api/alpha; `data` is the endpoint's response as lib/alpha parses it.
  alphaGet: route({ method: "GET", path: "/api/alpha/[...path]", access: "user", output: z.object({ data: z.unknown(), meta: proxyMetaSchema }), kind: "envelope" }),
  alphaPost: route({ method: "POST", path: "/api/alpha/[...path]", access: "user", output: z.object({ data: z.unknown(), meta: proxyMetaSchema }), kind: "envelope" }),
  alphaDelete: route({ method: "DELETE", path: "/api/alpha/[...path]", access: "user", output: z.object({ data: z.unknown(), meta: proxyMetaSchema }), kind: "envelope" }),

  // For load balancers: 200 when this instance reaches its database and shared store, else 503; says nothing secret.
  health: route({ method: "GET", path: "/api/health", access: "public", output: healthSchema }),

  // First-run setup, the forced password change and joining through an invite (lib/desk/account.ts).
  ...accountRoutes,

  listUsers: route({ method: "GET", path: "/api/admin/users", access: "admin", output: z.array(userSummarySchema) }),
  createUser: route({ method: "POST", path: "/api/admin/users", access: "admin", body: createUserInputSchema, output: userSummarySchema }),
  updateUser: route({ method: "PATCH", path: "/api/admin/users/[id]", access: "admin", body: updateUserInputSchema, output: userSummarySchema }),
  issueTemporaryPassword: route({ method: "POST", path: "/api/admin/users/[id]/temporary-password", access: "admin", output: z.object({ temporaryPassword: z.string() }) }),
  clearSignInFailures: route({ method: "DELETE", path: "/api/admin/users/[id]/sign-in-failures", access: "admin", output: z.object({ cleared: z.number().int().min(0) }) }),

  getAlphaKey: route({ method: "GET", path: "/api/settings/alpha-key", access: "user", output: alphaKeyStatusSchema }),
  putAlphaKey: route({ method: "PUT", path: "/api/settings/alpha-key", access: "user", body: z.object({ key: z.string().min(1).max(500) }), output: alphaKeyStatusSchema }),
  deleteAlphaKey: route({ method: "DELETE", path: "/api/settings/alpha-key", access: "user", output: alphaKeyStatusSchema }),

  getUsage: route({ method: "GET", path: "/api/usage", access: "user", output: usageViewSchema }),
  getSpend: route({ method: "GET", path: "/api/usage/spend", access: "user", query: spendQuerySchema, output: deskSpendSchema }),

  listSummaries: route({ method: "GET", path: "/api/summaries", access: "user", output: z.array(summaryListEntrySchema) }),
  getSummary: route({ method: "GET", path: "/api/summaries/[id]", access: "user", output: summaryEntrySchema }),
  lookupSummary: route({ method: "POST", path: "/api/summaries/lookup", access: "user", body: lookupSummaryInputSchema, output: summaryEntrySchema.nullable() }),

  getBatchInput: route({ method: "GET", path: "/api/batches/[id]/input", access: "user", output: batchInputSchema.nullable() }),
  // The job's results as the service's JSONL, streamed as a download (each line checked as it passes).
  downloadBatchResults: route({ method: "GET", path: "/api/batches/[id]/results.jsonl", access: "user", output: z.unknown(), kind: "stream" }),

  readTranscript: route({
    method: "GET",
    path: "/api/concalls/transcript",
    access: "user",
    query: z.object({ url: z.string().url() }),
    output: z.object({ text: z.string(), fetchedAt: z.string() }),
  }),

  // The results-season tracker: free index and calendar reads, computed on the server for the user's symbols.
  getSeason: route({ method: "GET", path: "/api/season", access: "user", query: seasonQuerySchema, output: seasonViewSchema }),

  live: route({ method: "GET", path: "/api/live", access: "user", output: z.unknown(), kind: "stream" }),

  listWatchlists: route({ method: "GET", path: "/api/watchlists", access: "user", output: z.array(watchlistSchema) }),
  createWatchlist: route({ method: "POST", path: "/api/watchlists", access: "user", body: createWatchlistInputSchema, output: watchlistSchema }),
  getWatchlist: route({ method: "GET", path: "/api/watchlists/[id]", access: "user", output: watchlistSchema }),
  renameWatchlist: route({ method: "PATCH", path: "/api/watchlists/[id]", access: "user", body: renameWatchlistInputSchema, output: watchlistSchema }),
  deleteWatchlist: route({ method: "DELETE", path: "/api/watchlists/[id]", access: "user", output: z.object({ id: z.string(), deleted: z.literal(true) }) }),
  addWatchlistItems: route({ method: "POST", path: "/api/watchlists/[id]/items", access: "user", body: addWatchlistItemsInputSchema, output: watchlistSchema }),
  updateWatchlistItem: route({ method: "PATCH", path: "/api/watchlists/[id]/items/[symbol]", access: "user", body: updateWatchlistItemInputSchema, output: watchlistSchema }),
  removeWatchlistItem: route({ method: "DELETE", path: "/api/watchlists/[id]/items/[symbol]", access: "user", output: watchlistSchema }),
  checkSymbolsGet: route({ method: "GET", path: "/api/watchlists/known-symbols", access: "user", output: symbolCheckSchema }),
  resolveIsins: route({ method: "POST", path: "/api/watchlists/isins", access: "user", body: resolveIsinsInputSchema, output: isinResolutionSchema }),
  checkSymbols: route({ method: "POST", path: "/api/watchlists/known-symbols", access: "user", body: z.object({ symbols: z.array(z.string().max(40)) }), output: symbolCheckSchema }),

  // The market calendar: every page's status badge reads it; admins edit it (each save kept as a version).
  getMarketCalendar: route({ method: "GET", path: "/api/market/calendar", access: "user", output: activeCalendarSchema }),
  saveMarketCalendar: route({ method: "PUT", path: "/api/admin/market-calendar", access: "admin", body: saveCalendarInputSchema, output: activeCalendarSchema }),
  listMarketCalendarVersions: route({ method: "GET", path: "/api/admin/market-calendar/versions", access: "admin", output: z.array(calendarVersionSchema) }),

  // Scheduled briefs: a watchlist's daily summary at a time in IST on market days, charged only when generated.
  listBriefSchedules: route({ method: "GET", path: "/api/briefs/schedules", access: "user", output: z.array(briefScheduleSchema) }),
  createBriefSchedule: route({ method: "POST", path: "/api/briefs/schedules", access: "user", body: createBriefScheduleInputSchema, output: briefScheduleSchema }),
  updateBriefSchedule: route({ method: "PATCH", path: "/api/briefs/schedules/[id]", access: "user", body: updateBriefScheduleInputSchema, output: briefScheduleSchema }),
  deleteBriefSchedule: route({ method: "DELETE", path: "/api/briefs/schedules/[id]", access: "user", output: z.object({ id: z.string(), deleted: z.literal(true) }) }),
  // The user's runs of one IST day (today by default): generated briefs, and skipped or failed slots with why.
  listBriefRuns: route({ method: "GET", path: "/api/briefs/runs", access: "user", query: listBriefRunsQuerySchema, output: z.array(briefRunSchema) }),
  // The symbol typeahead: matches over symbol, company name and BSE code (free directory, or the account's catalogue).
  searchSymbols: route({ method: "GET", path: "/api/symbols/search", access: "user", query: symbolSearchInputSchema, output: symbolSearchResultSchema }),
  // Buys the service's symbol catalogue for the account once, only when spendUpTo covers its price.
  buySymbolCatalogue: route({ method: "POST", path: "/api/symbols/catalogue", access: "user", body: buySymbolCatalogueInputSchema, output: symbolCatalogueBuySchema }),
  setWatchlistSharing: route({ method: "PUT", path: "/api/watchlists/[id]/sharing", access: "user", body: z.object({ sharing: watchlistSharingSchema }), output: watchlistSchema }),

  // Teams: the organisation key, members' seats, invites and the audit log (admins); joining through an invite (public).
  getTeam: route({ method: "GET", path: "/api/team", access: "admin", output: teamViewSchema }),
  getOrgKey: route({ method: "GET", path: "/api/team/org-key", access: "admin", output: orgKeyStatusSchema }),
  putOrgKey: route({ method: "PUT", path: "/api/team/org-key", access: "admin", body: putOrgKeyInputSchema, output: orgKeyStatusSchema }),
  deleteOrgKey: route({ method: "DELETE", path: "/api/team/org-key", access: "admin", output: orgKeyStatusSchema }),
  updateMember: route({
    method: "PATCH",
    path: "/api/team/members/[id]",
    access: "admin",
    body: updateMemberInputSchema,
    output: z.object({ user: userSummarySchema, seat: seatSchema }),
  }),
  listInvites: route({ method: "GET", path: "/api/team/invites", access: "admin", output: z.array(inviteSchema) }),
  createInvite: route({ method: "POST", path: "/api/team/invites", access: "admin", body: createInviteInputSchema, output: createdInviteSchema }),
  listAudit: route({ method: "GET", path: "/api/team/audit", access: "admin", output: z.array(auditEntrySchema) }),
  // The whole audit log as a CSV download.
  exportAudit: route({ method: "GET", path: "/api/team/audit.csv", access: "admin", output: z.unknown(), kind: "stream" }),
} as const;

export type DeskRoutes = typeof deskRoutes;
export type DeskRouteId = keyof DeskRoutes;
export type DeskOutput<Id extends DeskRouteId> = z.output<DeskRoutes[Id]["output"]>;
export const deskRouteIds = Object.keys(deskRoutes) as DeskRouteId[];
