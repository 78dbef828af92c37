/**
 * The desk's own contract: every `/api` route once, with its method, path, access, inputs, answer and what a success
 * makes stale. lib/server/routes binds each entry to its server function; scripts/generate-contract.ts writes the
 * zod-free half (lib/desk/route-meta/, by area) and the app/api route files from it. How to add a route: docs/desk-routes.md.
 */
import * as z from "zod";
import { listParam } from "@/lib/alpha/primitives";
import { symbolSchema } from "@/lib/alpha/primitives";
import { accountRoutes } from "./account";
import { batchInputSchema } from "./batches";
import { calendarFeedSchema, calendarTokenParams, createCalendarFeedInputSchema, issuedCalendarFeedSchema } from "./calendar-feeds";
import { briefRunSchema, briefScheduleSchema, createBriefScheduleInputSchema, listBriefRunsQuerySchema, updateBriefScheduleInputSchema } from "./briefs";
import { concallBriefQuerySchema, concallBriefSchema, concallRoundupQuerySchema, concallRoundupSchema } from "./concall-briefs";
import { proxyMetaSchema } from "./envelope";
import { estimatesViewSchema, estimateVersionSchema, fetchTablesInputSchema, fetchTablesResultSchema, scorecardQuerySchema, scorecardSchema, uploadEstimatesInputSchema } from "./estimates";
import { vapidKeySchema, alertEndpointSchema, alertRuleSchema, createAlertEndpointInputSchema, createdAlertEndpointSchema, deliveryPageSchema, listDeliveriesQuerySchema, saveAlertRuleInputSchema } from "./alert-rules";
import { inboxPageSchema, inboxUnreadSchema, listInboxQuerySchema, markInboxInputSchema } from "./inbox";
import { liveQuerySchema } from "./live";
import { dismissFilingInputSchema, materialitySettingsSchema, saveMaterialityInputSchema } from "./materiality";
import { activeCalendarSchema, calendarVersionSchema, saveCalendarInputSchema } from "./market";
import { route } from "./route-def";
import { seasonQuerySchema, seasonViewSchema } from "./season";
import { lookupSummaryInputSchema, summaryEntrySchema, summaryListEntrySchema } from "./summaries";
import { buySymbolCatalogueInputSchema, symbolCatalogueBuySchema, symbolNamesSchema, symbolSearchInputSchema, symbolSearchResultSchema } from "@/lib/symbols/directory-schema";
import {
  auditPageSchema,
  auditQuerySchema,
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
import { deskSpendSchema, spendQuerySchema, usageViewSchema } from "./usage";
import { putSpendSettingsInputSchema, spendSettingsSchema, spendWatchSchema, weekQuerySchema } from "./spend-watch";
import { deskTokenSchema, mintedTokenSchema, mintTokenInputSchema } from "./desk-tokens";
import { budgetViewSchema, saveBudgetInputSchema, undoLadderInputSchema } from "./budgets";
import { alphaKeyStatusSchema, createUserInputSchema, putSpendThresholdInputSchema, putTeamSpendThresholdInputSchema, spendThresholdSchema, updateUserInputSchema, userSummarySchema } from "./users";
import {
  addWatchlistItemsInputSchema,
  createWatchlistInputSchema,
  isinResolutionSchema,
  MAX_SYMBOL_CHECK,
  renameWatchlistInputSchema,
  resolveIsinsInputSchema,
  symbolCheckSchema,
  updateWatchlistItemInputSchema,
  watchlistSchema,
} from "./watchlists";

export type { DeskAccess, DeskKind, DeskMethod, DeskRouteDef } from "./route-def";

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

/** A `[name]` path segment holding a desk id; anything else names nothing (404 with `message`). */
export function idParams(what: string) {
  const message = `No such ${what}`;
  return z.object({ id: z.string({ message }).min(1, { message }).max(64, { message }) });
}

const envelope = z.object({ data: z.unknown(), meta: proxyMetaSchema });
const alphaPath = z.object({ path: z.array(z.string()).optional() });
const deleted = z.object({ id: z.string(), deleted: z.literal(true) });
const symbolList = z.object({ symbols: listParam(z.string().max(40), MAX_SYMBOL_CHECK) });
const watchlistItemParams = idParams("watchlist").extend({ symbol: symbolSchema.or(z.string().min(1).max(40)) });

const unsubscribeParams = z.object({ token: z.string({ message: "No such link" }).regex(/^rule_[0-9a-f]{32}\.aep_[0-9a-f]{32}\.[A-Za-z0-9_-]{32}$/, { message: "No such link" }) });

export const deskRoutes = {
  // The Alpha proxy: the catalogue path after /api/alpha; `data` is the endpoint's response as lib/alpha parses it.
  alphaGet: route({ method: "GET", path: "/api/alpha/[...path]", access: "user", kind: "envelope", params: alphaPath, output: envelope }),
  alphaPost: route({ method: "POST", path: "/api/alpha/[...path]", access: "user", kind: "envelope", params: alphaPath, output: envelope }),
  alphaDelete: route({ method: "DELETE", path: "/api/alpha/[...path]", access: "user", kind: "envelope", params: alphaPath, output: envelope }),

  // For load balancers: 200 when this instance reaches its database and shared store, else 503; says nothing secret.
  health: route({ method: "GET", path: "/api/health", access: "public", output: healthSchema }),

  ...accountRoutes,

  listUsers: route({ method: "GET", path: "/api/admin/users", access: "admin", output: z.array(userSummarySchema) }),
  createUser: route({ method: "POST", path: "/api/admin/users", access: "admin", body: createUserInputSchema, output: userSummarySchema, status: 201, invalidates: ["listUsers", "getTeam"] }),
  updateUser: route({ method: "PATCH", path: "/api/admin/users/[id]", access: "admin", params: idParams("user"), body: updateUserInputSchema, output: userSummarySchema, invalidates: ["listUsers", "getTeam"] }),
  issueTemporaryPassword: route({ method: "POST", path: "/api/admin/users/[id]/temporary-password", access: "admin", params: idParams("user"), output: z.object({ temporaryPassword: z.string() }), invalidates: ["listUsers"] }),
  clearSignInFailures: route({ method: "DELETE", path: "/api/admin/users/[id]/sign-in-failures", access: "admin", params: idParams("user"), output: z.object({ cleared: z.number().int().min(0) }), invalidates: ["listUsers"] }),

  getAlphaKey: route({ method: "GET", path: "/api/settings/alpha-key", access: "user", output: alphaKeyStatusSchema }),
  putAlphaKey: route({ method: "PUT", path: "/api/settings/alpha-key", access: "user", body: z.object({ key: z.string({ message: "is required" }).min(1, { message: "is required" }).max(500) }), output: alphaKeyStatusSchema, invalidates: ["getAlphaKey", "getUsage", "getSpend", "alphaGet"] }),
  deleteAlphaKey: route({ method: "DELETE", path: "/api/settings/alpha-key", access: "user", output: alphaKeyStatusSchema, invalidates: ["getAlphaKey", "getUsage", "getSpend", "alphaGet"] }),

  // The confirmation threshold: the user's own, or the team default an admin sets (kept by the desk, not the browser).
  getSpendThreshold: route({ method: "GET", path: "/api/settings/spend-threshold", access: "user", output: spendThresholdSchema }),
  putSpendThreshold: route({ method: "PUT", path: "/api/settings/spend-threshold", access: "user", body: putSpendThresholdInputSchema, output: spendThresholdSchema, invalidates: ["getSpendThreshold"] }),
  putTeamSpendThreshold: route({ method: "PUT", path: "/api/team/spend-threshold", access: "admin", body: putTeamSpendThresholdInputSchema, output: spendThresholdSchema, invalidates: ["getSpendThreshold", "listAudit"] }),

  getUsage: route({ method: "GET", path: "/api/usage", access: "user", staleSeconds: 5, output: usageViewSchema }),
  getSpend: route({ method: "GET", path: "/api/usage/spend", access: "user", staleSeconds: 15, query: spendQuerySchema, output: deskSpendSchema }),
  // The same spend as a CSV: per endpoint and, for admins' everyone view, per member, each with its total.
  exportSpend: route({ method: "GET", path: "/api/usage/spend.csv", access: "user", kind: "file", query: spendQuerySchema, output: z.unknown() }),
  // Every charge of the range, one row each with the ledger's request id, for an accountant's reconciliation.
  exportCharges: route({ method: "GET", path: "/api/usage/charges.csv", access: "user", kind: "file", query: spendQuerySchema, output: z.unknown() }),
  // The spend watch: runway, unusual spend, the account's ₹ per credit; for admins the weekly report and its CSV.
  getSpendWatch: route({ method: "GET", path: "/api/usage/watch", access: "user", staleSeconds: 30, query: weekQuerySchema, output: spendWatchSchema }),
  getSpendSettings: route({ method: "GET", path: "/api/usage/settings", access: "user", staleSeconds: 300, output: spendSettingsSchema }),
  putSpendSettings: route({ method: "PUT", path: "/api/usage/settings", access: "admin", body: putSpendSettingsInputSchema, output: spendSettingsSchema, invalidates: ["getSpendWatch", "getSpendSettings", "listAudit"] }),
  exportWeeklyReport: route({ method: "GET", path: "/api/usage/report.csv", access: "admin", kind: "file", query: weekQuerySchema, output: z.unknown() }),

  listSummaries: route({ method: "GET", path: "/api/summaries", access: "user", output: z.array(summaryListEntrySchema) }),
  getSummary: route({ method: "GET", path: "/api/summaries/[id]", access: "user", staleSeconds: Infinity, params: idParams("summary in your history"), output: summaryEntrySchema }),
  lookupSummary: route({ method: "POST", path: "/api/summaries/lookup", access: "user", body: lookupSummaryInputSchema, output: summaryEntrySchema.nullable(), maxBody: 100_000 }),

  getBatchInput: route({ method: "GET", path: "/api/batches/[id]/input", access: "user", staleSeconds: Infinity, params: idParams("batch job"), output: batchInputSchema.nullable() }),
  // The job's results as the service's JSONL, streamed as a download (each line checked as it passes).
  downloadBatchResults: route({ method: "GET", path: "/api/batches/[id]/results.jsonl", access: "user", kind: "file", params: idParams("batch job"), output: z.unknown() }),

  readTranscript: route({ method: "GET", path: "/api/concalls/transcript", access: "user", staleSeconds: Infinity, query: z.object({ url: z.url() }), output: z.object({ text: z.string(), fetchedAt: z.string() }) }),
  // Concall briefs from what the desk holds (0 credits): one call's brief and PDF, a watchlist's weekly roundup.
  getConcallBrief: route({ method: "GET", path: "/api/concalls/brief", access: "user", staleSeconds: 60, query: concallBriefQuerySchema, output: concallBriefSchema }),
  downloadConcallBrief: route({ method: "GET", path: "/api/concalls/brief.pdf", access: "user", kind: "file", query: concallBriefQuerySchema, output: z.unknown() }),
  getConcallRoundup: route({ method: "GET", path: "/api/concalls/roundup", access: "user", staleSeconds: 60, query: concallRoundupQuerySchema, output: concallRoundupSchema }),
  downloadConcallRoundup: route({ method: "GET", path: "/api/concalls/roundup.pdf", access: "user", kind: "file", query: concallRoundupQuerySchema, output: z.unknown() }),

  // The results-season tracker: free index and calendar reads, computed on the server for the user's symbols.
  getSeason: route({ method: "GET", path: "/api/season", access: "user", staleSeconds: 60, query: seasonQuerySchema, output: seasonViewSchema }),
  // Results against the user's own estimates: the CSV upload (versions kept), the scorecard, its files, the priced fetch.
  getEstimates: route({ method: "GET", path: "/api/estimates", access: "user", staleSeconds: 30, output: estimatesViewSchema }),
  uploadEstimates: route({ method: "POST", path: "/api/estimates", access: "user", status: 201, maxBody: 450_000, body: uploadEstimatesInputSchema, output: z.object({ version: estimateVersionSchema }), invalidates: ["getEstimates", "getScorecard"] }),
  getScorecard: route({ method: "GET", path: "/api/season/scorecard", access: "user", staleSeconds: 30, query: scorecardQuerySchema, output: scorecardSchema }),
  fetchResultTables: route({ method: "POST", path: "/api/season/scorecard/tables", access: "user", body: fetchTablesInputSchema, output: fetchTablesResultSchema, invalidates: ["getScorecard", "getUsage", "getSpend"] }),
  exportScorecardCsv: route({ method: "GET", path: "/api/season/scorecard.csv", access: "user", kind: "file", query: scorecardQuerySchema, output: z.unknown() }),
  exportScorecardPdf: route({ method: "GET", path: "/api/season/scorecard.pdf", access: "user", kind: "file", query: scorecardQuerySchema, output: z.unknown() }),

  live: route({ method: "GET", path: "/api/live", access: "user", kind: "stream", query: liveQuerySchema, output: z.unknown() }),

  listWatchlists: route({ method: "GET", path: "/api/watchlists", access: "user", output: z.array(watchlistSchema) }),
  createWatchlist: route({ method: "POST", path: "/api/watchlists", access: "user", body: createWatchlistInputSchema, output: watchlistSchema, status: 201, maxBody: 200_000, invalidates: ["listWatchlists"] }),
  getWatchlist: route({ method: "GET", path: "/api/watchlists/[id]", access: "user", params: idParams("watchlist"), output: watchlistSchema }),
  renameWatchlist: route({ method: "PATCH", path: "/api/watchlists/[id]", access: "user", params: idParams("watchlist"), body: renameWatchlistInputSchema, output: watchlistSchema, invalidates: ["listWatchlists", "getWatchlist"] }),
  deleteWatchlist: route({ method: "DELETE", path: "/api/watchlists/[id]", access: "user", params: idParams("watchlist"), output: deleted, invalidates: ["listWatchlists", "getWatchlist", "listBriefSchedules"] }),
  addWatchlistItems: route({ method: "POST", path: "/api/watchlists/[id]/items", access: "user", params: idParams("watchlist"), body: addWatchlistItemsInputSchema, output: watchlistSchema, maxBody: 200_000, invalidates: ["listWatchlists", "getWatchlist"] }),
  updateWatchlistItem: route({ method: "PATCH", path: "/api/watchlists/[id]/items/[symbol]", access: "user", params: watchlistItemParams, body: updateWatchlistItemInputSchema, output: watchlistSchema, invalidates: ["listWatchlists", "getWatchlist"] }),
  removeWatchlistItem: route({ method: "DELETE", path: "/api/watchlists/[id]/items/[symbol]", access: "user", params: watchlistItemParams, output: watchlistSchema, invalidates: ["listWatchlists", "getWatchlist"] }),
  setWatchlistSharing: route({ method: "PUT", path: "/api/watchlists/[id]/sharing", access: "user", params: idParams("watchlist"), body: z.object({ sharing: watchlistSharingSchema }), output: watchlistSchema, invalidates: ["listWatchlists", "getWatchlist"] }),
  // Which symbols the service knows (free; cached by the desk a day): GET for a few, POST for a long list.
  checkSymbolsGet: route({ method: "GET", path: "/api/watchlists/known-symbols", access: "user", staleSeconds: 600, query: symbolList, output: symbolCheckSchema }),
  checkSymbols: route({ method: "POST", path: "/api/watchlists/known-symbols", access: "user", staleSeconds: 600, body: symbolList, output: symbolCheckSchema, maxBody: 100_000 }),
  resolveIsins: route({ method: "POST", path: "/api/watchlists/isins", access: "user", body: resolveIsinsInputSchema, output: isinResolutionSchema, maxBody: 20_000, invalidates: ["getUsage", "getSpend"] }),

  // The market calendar: every page's status badge reads it; admins edit it (each save kept as a version).
  getMarketCalendar: route({ method: "GET", path: "/api/market/calendar", access: "user", staleSeconds: 3600, output: activeCalendarSchema }),
  saveMarketCalendar: route({ method: "PUT", path: "/api/admin/market-calendar", access: "admin", body: saveCalendarInputSchema, output: activeCalendarSchema, maxBody: 500_000, invalidates: ["getMarketCalendar", "listMarketCalendarVersions"] }),
  listMarketCalendarVersions: route({ method: "GET", path: "/api/admin/market-calendar/versions", access: "admin", output: z.array(calendarVersionSchema) }),

  // Materiality: the bar, lexicon and mutes the announcements are scored with (in the browser, at no cost).
  getMateriality: route({ method: "GET", path: "/api/materiality", access: "user", staleSeconds: 300, output: materialitySettingsSchema }),
  saveMateriality: route({ method: "PUT", path: "/api/materiality", access: "user", body: saveMaterialityInputSchema, output: materialitySettingsSchema, maxBody: 50_000, invalidates: ["getMateriality"] }),
  dismissFiling: route({ method: "POST", path: "/api/materiality/dismissals", access: "user", body: dismissFilingInputSchema, output: materialitySettingsSchema, invalidates: ["getMateriality"] }),

  // Private calendar feeds of the holdings (results meetings, calls, deadlines, market days); the address is shown once.
  listCalendarFeeds: route({ method: "GET", path: "/api/calendar/feeds", access: "user", output: z.array(calendarFeedSchema) }),
  createCalendarFeed: route({ method: "POST", path: "/api/calendar/feeds", access: "user", body: createCalendarFeedInputSchema, output: issuedCalendarFeedSchema, status: 201, invalidates: ["listCalendarFeeds"] }),
  rotateCalendarFeed: route({ method: "POST", path: "/api/calendar/feeds/[id]/rotate", access: "user", params: idParams("calendar feed"), output: issuedCalendarFeedSchema, invalidates: ["listCalendarFeeds"] }),
  revokeCalendarFeed: route({ method: "DELETE", path: "/api/calendar/feeds/[id]", access: "user", params: idParams("calendar feed"), output: deleted, invalidates: ["listCalendarFeeds"] }),
  // The feed itself, for calendar apps: the token in the path is the capability (no session); a retired one is a 404.
  calendarFeed: route({ method: "GET", path: "/api/ical/[token]", access: "public", kind: "stream", params: calendarTokenParams, output: z.unknown() }),

  // The in-desk inbox: alert deliveries, budget crossings and notices for the user or their whole Alpha account.
  listInbox: route({ method: "GET", path: "/api/inbox", access: "user", query: listInboxQuerySchema, output: inboxPageSchema }),
  // The top bar's unread count (polled; cheap: one count).
  getInboxUnread: route({ method: "GET", path: "/api/inbox/unread", access: "user", staleSeconds: 15, output: inboxUnreadSchema }),
  markInbox: route({ method: "POST", path: "/api/inbox/read", access: "user", body: markInboxInputSchema, output: inboxUnreadSchema, invalidates: ["listInbox", "getInboxUnread"] }),

  // Alert rules over the holdings' events, where they are delivered, and the ledger of every send.
  listAlertRules: route({ method: "GET", path: "/api/alert-rules", access: "user", output: z.array(alertRuleSchema) }),
  createAlertRule: route({ method: "POST", path: "/api/alert-rules", access: "user", body: saveAlertRuleInputSchema, output: alertRuleSchema, status: 201, maxBody: 50_000, invalidates: ["listAlertRules"] }),
  updateAlertRule: route({ method: "PUT", path: "/api/alert-rules/[id]", access: "user", params: idParams("alert rule"), body: saveAlertRuleInputSchema, output: alertRuleSchema, maxBody: 50_000, invalidates: ["listAlertRules"] }),
  deleteAlertRule: route({ method: "DELETE", path: "/api/alert-rules/[id]", access: "user", params: idParams("alert rule"), output: deleted, invalidates: ["listAlertRules"] }),
  listAlertEndpoints: route({ method: "GET", path: "/api/alert-endpoints", access: "user", output: z.array(alertEndpointSchema) }),
  // A webhook's signing secret is in this answer only.
  createAlertEndpoint: route({ method: "POST", path: "/api/alert-endpoints", access: "user", body: createAlertEndpointInputSchema, output: createdAlertEndpointSchema, status: 201, invalidates: ["listAlertEndpoints"] }),
  deleteAlertEndpoint: route({ method: "DELETE", path: "/api/alert-endpoints/[id]", access: "user", params: idParams("endpoint"), output: deleted, invalidates: ["listAlertEndpoints", "listAlertRules"] }),
  resumeAlertEndpoint: route({ method: "POST", path: "/api/alert-endpoints/[id]/resume", access: "user", params: idParams("endpoint"), output: alertEndpointSchema, invalidates: ["listAlertEndpoints"] }),
  // The desk's VAPID public key, for a browser subscribing to Web Push (the private key never leaves the server).
  getVapidKey: route({ method: "GET", path: "/api/push/vapid-key", access: "user", staleSeconds: 3600, output: vapidKeySchema }),
  listDeliveries: route({ method: "GET", path: "/api/alert-deliveries", access: "user", query: listDeliveriesQuerySchema, output: deliveryPageSchema }),
  resendDelivery: route({ method: "POST", path: "/api/alert-deliveries/[id]/resend", access: "user", params: idParams("delivery"), output: z.object({ id: z.string(), status: z.literal("pending") }), invalidates: ["listDeliveries"] }),
  // The one-click unsubscribe link of an alert e-mail: the token is the capability (no session).
  alertUnsubscribe: route({ method: "GET", path: "/api/alert-unsubscribe/[token]", access: "public", kind: "stream", params: unsubscribeParams, output: z.unknown() }),
  // RFC 8058 one-click: the mail provider's server POSTs `List-Unsubscribe=One-Click`; the GET only asks to confirm.
  alertUnsubscribeOneClick: route({ method: "POST", path: "/api/alert-unsubscribe/[token]", access: "public", kind: "stream", tokenPost: true, params: unsubscribeParams, maxBody: 1_000, output: z.unknown() }),

  // Scheduled briefs: a watchlist's daily summary at a time in IST on market days, charged only when generated.
  listBriefSchedules: route({ method: "GET", path: "/api/briefs/schedules", access: "user", output: z.array(briefScheduleSchema) }),
  createBriefSchedule: route({ method: "POST", path: "/api/briefs/schedules", access: "user", body: createBriefScheduleInputSchema, output: briefScheduleSchema, invalidates: ["listBriefSchedules", "listBriefRuns"] }),
  updateBriefSchedule: route({ method: "PATCH", path: "/api/briefs/schedules/[id]", access: "user", params: idParams("scheduled brief"), body: updateBriefScheduleInputSchema, output: briefScheduleSchema, invalidates: ["listBriefSchedules", "listBriefRuns"] }),
  deleteBriefSchedule: route({ method: "DELETE", path: "/api/briefs/schedules/[id]", access: "user", params: idParams("scheduled brief"), output: deleted, invalidates: ["listBriefSchedules", "listBriefRuns"] }),
  // The user's runs of one IST day (today by default): generated briefs, and skipped or failed slots with why.
  listBriefRuns: route({ method: "GET", path: "/api/briefs/runs", access: "user", query: listBriefRunsQuerySchema, output: z.array(briefRunSchema) }),

  // The symbol typeahead: matches over symbol, company name and BSE code (free directory, or the account's catalogue).
  searchSymbols: route({ method: "GET", path: "/api/symbols/search", access: "user", staleSeconds: 300, query: symbolSearchInputSchema, output: symbolSearchResultSchema }),
  // Company names of a set of symbols, from what the desk holds (free: the bought catalogue, else the free directory).
  getSymbolNames: route({ method: "GET", path: "/api/symbols/names", access: "user", staleSeconds: 300, query: symbolList, output: symbolNamesSchema }),
  // Buys the service's symbol catalogue for the account once, only when spendUpTo covers its price.
  buySymbolCatalogue: route({ method: "POST", path: "/api/symbols/catalogue", access: "user", body: buySymbolCatalogueInputSchema, output: symbolCatalogueBuySchema, invalidates: ["searchSymbols", "getSymbolNames", "getSeason", "getUsage", "getSpend"] }),

  // Teams: the organisation key, members' seats, invites and the audit log (admins); joining through an invite (public).
  getTeam: route({ method: "GET", path: "/api/team", access: "admin", output: teamViewSchema }),
  getOrgKey: route({ method: "GET", path: "/api/team/org-key", access: "admin", output: orgKeyStatusSchema }),
  putOrgKey: route({ method: "PUT", path: "/api/team/org-key", access: "admin", body: putOrgKeyInputSchema, output: orgKeyStatusSchema, invalidates: ["getTeam", "getOrgKey", "listAudit", "getAlphaKey", "getUsage", "getSpend", "alphaGet"] }),
  deleteOrgKey: route({ method: "DELETE", path: "/api/team/org-key", access: "admin", output: orgKeyStatusSchema, invalidates: ["getTeam", "getOrgKey", "listAudit", "getAlphaKey", "getUsage", "getSpend", "alphaGet"] }),
  updateMember: route({
    method: "PATCH",
    path: "/api/team/members/[id]",
    access: "admin",
    params: idParams("user"),
    body: updateMemberInputSchema,
    output: z.object({ user: userSummarySchema, seat: seatSchema }),
    invalidates: ["getTeam", "listAudit", "listUsers"],
  }),
  listInvites: route({ method: "GET", path: "/api/team/invites", access: "admin", output: z.array(inviteSchema) }),
  revokeInvite: route({ method: "DELETE", path: "/api/team/invites/[id]", access: "admin", params: idParams("invite"), output: inviteSchema, invalidates: ["listInvites", "listAudit"] }),
  createInvite: route({ method: "POST", path: "/api/team/invites", access: "admin", body: createInviteInputSchema, output: createdInviteSchema, status: 201, invalidates: ["getTeam", "listInvites", "listAudit"] }),
  listAudit: route({ method: "GET", path: "/api/team/audit", access: "admin", query: auditQuerySchema, output: auditPageSchema }),
  // The whole audit log as a CSV download.
  exportAudit: route({ method: "GET", path: "/api/team/audit.csv", access: "admin", kind: "file", output: z.unknown() }),

  // Desk tokens for scripts (the `/alpha` base): an admin sees and revokes all, a member their own.
  listDeskTokens: route({ method: "GET", path: "/api/tokens", access: "user", output: z.array(deskTokenSchema) }),
  mintDeskToken: route({ method: "POST", path: "/api/tokens", access: "user", body: mintTokenInputSchema, output: mintedTokenSchema, status: 201, invalidates: ["listDeskTokens", "listAudit"] }),
  revokeDeskToken: route({ method: "DELETE", path: "/api/tokens/[id]", access: "user", params: idParams("token"), output: deskTokenSchema, invalidates: ["listDeskTokens", "listAudit"] }),

  // Budgets (admins): credits per IST day, week or month for the account, a member, a feature or a desk token.
  listBudgets: route({ method: "GET", path: "/api/budgets", access: "admin", output: z.array(budgetViewSchema) }),
  createBudget: route({ method: "POST", path: "/api/budgets", access: "admin", body: saveBudgetInputSchema, output: budgetViewSchema, status: 201, invalidates: ["listBudgets", "listAudit"] }),
  updateBudget: route({ method: "PUT", path: "/api/budgets/[id]", access: "admin", params: idParams("budget"), body: saveBudgetInputSchema, output: budgetViewSchema, invalidates: ["listBudgets", "listAudit"] }),
  deleteBudget: route({ method: "DELETE", path: "/api/budgets/[id]", access: "admin", params: idParams("budget"), output: z.object({ deleted: z.literal(true) }), invalidates: ["listBudgets", "listAudit"] }),
  // Takes the budget's ladder back (to step 0 unless told) for the rest of its period.
  undoBudgetLadder: route({ method: "POST", path: "/api/budgets/[id]/ladder/undo", access: "admin", params: idParams("budget"), body: undoLadderInputSchema, output: budgetViewSchema, invalidates: ["listBudgets", "listAudit"] }),
} as const;

export type DeskRoutes = typeof deskRoutes;
export type DeskRouteId = keyof DeskRoutes;
export const deskRouteIds = Object.keys(deskRoutes) as DeskRouteId[];

type Field<Id extends DeskRouteId, F extends "params" | "query" | "body"> = DeskRoutes[Id] extends { [K in F]: infer S extends z.ZodType } ? S : undefined;
type InOf<S> = S extends z.ZodType ? z.input<S> : undefined;
type OutOf<S> = S extends z.ZodType ? z.output<S> : undefined;

export type DeskOutput<Id extends DeskRouteId> = z.output<DeskRoutes[Id]["output"]>;
export type DeskParams<Id extends DeskRouteId> = OutOf<Field<Id, "params">>;
/** What the server function receives as `input`: the parsed body, else the parsed query. */
export type DeskInput<Id extends DeskRouteId> = Field<Id, "body"> extends z.ZodType ? OutOf<Field<Id, "body">> : OutOf<Field<Id, "query">>;

/** What a caller sends: each part the route declares, as its schema takes it. */
export type DeskRequest<Id extends DeskRouteId> = (Field<Id, "params"> extends z.ZodType ? { params: InOf<Field<Id, "params">> } : { params?: undefined }) &
  (Field<Id, "query"> extends z.ZodType ? { query?: InOf<Field<Id, "query">> } : { query?: undefined }) &
  (Field<Id, "body"> extends z.ZodType ? { body: InOf<Field<Id, "body">> } : { body?: undefined });
