import "server-only";
/**
 * Every route of lib/desk/routes.ts bound to its server function, one line each. The `satisfies` fails to compile
 * when a route has no function or a function's input or answer disagrees with its entry.
 */
import { downloadConcallBrief, downloadConcallRoundup, getConcallBrief, getConcallRoundup } from "../briefs/concall-briefs";
import { exportScorecardCsv, exportScorecardPdf, fetchResultTables, getEstimates, getScorecard, uploadEstimates } from "../briefs/estimates";
import { answerHealth } from "../core/health";
import { getAlphaKeyStatus } from "../identity/key-vault";
import { clearSignInFailures } from "../identity/sign-in";
import { changePassword, countUsers, createFirstAdmin, issueTemporaryPassword, listUsers } from "../identity/users";
import type { DeskBinding } from "../http/route";
import { serveLive } from "../live/relay";
import { getActiveCalendar, listCalendarVersions, saveCalendar } from "../market/calendar-store";
import { getBatchInput } from "../records/batch-inputs";
import { exportCharges, exportSpend, getDeskSpend } from "../money/spend-view";
import { exportWeeklyReport, getAccountSpendSettings, getSpendWatch, putAccountSpendSettings } from "../spendwatch/views";
import { findRecentSummary, getSummary, listSummaries } from "../records/summaries";
import { getTeamView } from "../money/team-view";
import { getUsageSnapshot } from "../money/usage";
import { getSpendThreshold, putSpendThreshold, putTeamSpendThreshold } from "../teams/spend-threshold";
import {
  addWatchlistItems,
  checkSymbols,
  createWatchlist,
  deleteWatchlist,
  getWatchlist,
  listWatchlists,
  removeWatchlistItem,
  renameWatchlist,
  resolveIsins,
  setWatchlistSharing,
  updateWatchlistItem,
} from "../portfolio/watchlists";
import { createBriefSchedule, deleteBriefSchedule, listBriefRuns, listBriefSchedules, updateBriefSchedule } from "../schedules/briefs";
import { trackSeason } from "../season/season-tracker";
import { dismissFiling, getMateriality, saveMateriality } from "../portfolio/materiality";
import { createAlertEndpoint, createAlertRule, deleteAlertEndpoint, deleteAlertRule, listAlertEndpoints, listAlertRules, resumeAlertEndpoint, updateAlertRule } from "../alerts/rules";
import { nudgeAlertEngine, tickAlertEngine } from "../alerts/engine";
import { listDeliveries, resendDelivery, serveOneClickUnsubscribe, serveUnsubscribe } from "../alerts/ledger";
import type { DeskContext } from "../core/context";
import { vapidKeys } from "../delivery/push";
import { getInboxUnread, listInbox, markInbox } from "../inbox/inbox";
import { createCalendarFeed, listCalendarFeeds, revokeCalendarFeed, rotateCalendarFeed, serveCalendarFeed } from "../season/calendar-feeds";
import { buySymbolCatalogue, searchSymbols, symbolNames } from "../symbols/symbol-directory";
import { exportAudit, listAudit } from "../teams/audit";
import { acceptInvite, createInvite, listInvites, revokeInvite } from "../teams/invites";
import { listDeskTokens, mintDeskToken, revokeDeskToken } from "../teams/desk-tokens";
import { afterPaidAnswer, deleteBudget, listBudgets, saveBudget, undoLadder } from "../budgets/budgets";
import { addMember, updateMember } from "../teams/members";
import { deleteOrgKey, getOrgKeyStatus } from "../teams/org-key";
import { relayAlphaRequest } from "../upstream/alpha-relay";
import { downloadBatchResults } from "../upstream/batch-results";
import { readTranscriptText } from "../upstream/concall-transcripts";
import { deleteOwnKey, saveOrganisationKey, saveOwnKey } from "../upstream/stored-keys";
import type { DeskRouteId } from "@/lib/desk/routes";

export const deskBindings = {
  alphaGet: async (args) => afterPaidAnswer({ ctx: args.ctx, response: await relayAlphaRequest(args) }),
  alphaPost: async (args) => afterPaidAnswer({ ctx: args.ctx, response: await relayAlphaRequest(args) }),
  alphaDelete: relayAlphaRequest,
  health: answerHealth,

  setupStatus: async ({ ctx }) => ({ needsSetup: (await countUsers({ ctx })) === 0 }),
  setup: createFirstAdmin,
  changePassword: changePassword,
  joinTeam: async ({ ctx, input }) => pickSessionUser(await acceptInvite({ ctx, input })),

  listUsers: listUsers,
  createUser: addMember,
  updateUser: async ({ ctx, user, params, input }) => (await updateMember({ ctx, user, input: { userId: params.id, change: input } })).user,
  issueTemporaryPassword: ({ ctx, user, params }) => issueTemporaryPassword({ ctx, user, userId: params.id }),
  clearSignInFailures: ({ ctx, user, params }) => clearSignInFailures({ ctx, user, userId: params.id }),

  getAlphaKey: ({ ctx, user }) => getAlphaKeyStatus({ ctx, userId: user.id }),
  putAlphaKey: saveOwnKey,
  deleteAlphaKey: deleteOwnKey,

  getSpendThreshold: getSpendThreshold,
  putSpendThreshold: putSpendThreshold,
  putTeamSpendThreshold: putTeamSpendThreshold,
  getUsage: getUsageSnapshot,
  getSpend: getDeskSpend,
  exportSpend: exportSpend,
  getSpendWatch: getSpendWatch,
  getSpendSettings: getAccountSpendSettings,
  putSpendSettings: putAccountSpendSettings,
  exportWeeklyReport: exportWeeklyReport,
  exportCharges: exportCharges,

  listSummaries: listSummaries,
  getSummary: ({ ctx, user, params }) => getSummary({ ctx, user, id: params.id }),
  lookupSummary: findRecentSummary,

  getBatchInput: ({ ctx, user, params }) => getBatchInput({ ctx, user, jobId: params.id }),
  downloadBatchResults: ({ ctx, user, params, request }) => downloadBatchResults({ ctx, user, jobId: params.id, signal: request.signal }),
  readTranscript: readTranscriptText,
  getEstimates: getEstimates,
  uploadEstimates: uploadEstimates,
  getScorecard: getScorecard,
  fetchResultTables: fetchResultTables,
  exportScorecardCsv: exportScorecardCsv,
  exportScorecardPdf: exportScorecardPdf,
  getConcallBrief: getConcallBrief,
  downloadConcallBrief: downloadConcallBrief,
  getConcallRoundup: getConcallRoundup,
  downloadConcallRoundup: downloadConcallRoundup,
  getSeason: trackSeason,
  listCalendarFeeds: listCalendarFeeds,
  getMateriality: getMateriality,
  saveMateriality: saveMateriality,
  dismissFiling: dismissFiling,
  createCalendarFeed: ({ ctx, user, input, request }) => createCalendarFeed({ ctx, user, input, origin: request.headers.get("origin") ?? new URL(request.url).origin }),
  rotateCalendarFeed: ({ ctx, user, params, request }) => rotateCalendarFeed({ ctx, user, id: params.id, origin: request.headers.get("origin") ?? new URL(request.url).origin }),
  revokeCalendarFeed: ({ ctx, user, params }) => revokeCalendarFeed({ ctx, user, id: params.id }),
  calendarFeed: ({ ctx, params }) => serveCalendarFeed({ ctx, token: params.token }),
  live: serveLive,

  listInbox: listInbox,
  getInboxUnread: getInboxUnread,
  markInbox: markInbox,

  listAlertRules: listAlertRules,
  createAlertRule: async (args) => nudged(args.ctx, await createAlertRule(args)),
  updateAlertRule: async ({ ctx, user, params, input }) => nudged(ctx, await updateAlertRule({ ctx, user, id: params.id, input })),
  deleteAlertRule: async ({ ctx, user, params }) => nudged(ctx, await deleteAlertRule({ ctx, user, id: params.id })),
  listAlertEndpoints: listAlertEndpoints,
  createAlertEndpoint: createAlertEndpoint,
  deleteAlertEndpoint: ({ ctx, user, params }) => deleteAlertEndpoint({ ctx, user, id: params.id }),
  resumeAlertEndpoint: ({ ctx, user, params }) => resumeAlertEndpoint({ ctx, user, id: params.id }),
  listDeliveries: listDeliveries,
  getVapidKey: async ({ ctx }) => ({ publicKey: vapidKeys(ctx.config.delivery).publicKey }),
  resendDelivery: async ({ ctx, user, params }) => {
    const out = await resendDelivery({ ctx, user, id: params.id });
    tickAlertEngine({ ctx });
    return out;
  },
  alertUnsubscribe: ({ ctx, params }) => serveUnsubscribe({ ctx, token: params.token }),
  alertUnsubscribeOneClick: ({ ctx, params, request }) => serveOneClickUnsubscribe({ ctx, token: params.token, request }),

  listWatchlists: listWatchlists,
  createWatchlist: createWatchlist,
  getWatchlist: ({ ctx, user, params }) => getWatchlist({ ctx, user, id: params.id }),
  renameWatchlist: ({ ctx, user, params, input }) => renameWatchlist({ ctx, user, id: params.id, input }),
  deleteWatchlist: ({ ctx, user, params }) => deleteWatchlist({ ctx, user, id: params.id }),
  addWatchlistItems: ({ ctx, user, params, input }) => addWatchlistItems({ ctx, user, id: params.id, input }),
  updateWatchlistItem: ({ ctx, user, params, input }) => updateWatchlistItem({ ctx, user, id: params.id, symbol: params.symbol, input }),
  removeWatchlistItem: ({ ctx, user, params }) => removeWatchlistItem({ ctx, user, id: params.id, symbol: params.symbol }),
  setWatchlistSharing: ({ ctx, user, params, input }) => setWatchlistSharing({ ctx, user, input: { id: params.id, sharing: input.sharing } }),
  checkSymbolsGet: ({ ctx, user, input }) => checkSymbols({ ctx, user, symbols: input.symbols }),
  checkSymbols: ({ ctx, user, input }) => checkSymbols({ ctx, user, symbols: input.symbols }),
  resolveIsins: resolveIsins,

  getMarketCalendar: getActiveCalendar,
  saveMarketCalendar: saveCalendar,
  listMarketCalendarVersions: listCalendarVersions,

  listBriefSchedules: listBriefSchedules,
  createBriefSchedule: createBriefSchedule,
  updateBriefSchedule: ({ ctx, user, params, input }) => updateBriefSchedule({ ctx, user, input: { id: params.id, change: input } }),
  deleteBriefSchedule: ({ ctx, user, params }) => deleteBriefSchedule({ ctx, user, input: { id: params.id } }),
  listBriefRuns: listBriefRuns,

  searchSymbols: searchSymbols,
  getSymbolNames: ({ ctx, user, input }) => symbolNames({ ctx, user, symbols: input.symbols }),
  buySymbolCatalogue: buySymbolCatalogue,

  getTeam: getTeamView,
  getOrgKey: getOrgKeyStatus,
  putOrgKey: saveOrganisationKey,
  deleteOrgKey: deleteOrgKey,
  updateMember: ({ ctx, user, params, input }) => updateMember({ ctx, user, input: { userId: params.id, change: input } }),
  listInvites: listInvites,
  revokeInvite: ({ ctx, user, params }) => revokeInvite({ ctx, user, input: { id: params.id } }),
  createInvite: ({ ctx, user, input, request }) => createInvite({ ctx, user, input: { invite: input, origin: request.headers.get("origin") ?? new URL(request.url).origin } }),
  listAudit: listAudit,
  exportAudit: exportAudit,

  listDeskTokens: listDeskTokens,
  mintDeskToken: mintDeskToken,
  revokeDeskToken: ({ ctx, user, params }) => revokeDeskToken({ ctx, user, id: params.id }),

  listBudgets: listBudgets,
  createBudget: ({ ctx, user, input }) => saveBudget({ ctx, user, input }),
  updateBudget: ({ ctx, user, params, input }) => saveBudget({ ctx, user, id: params.id, input }),
  deleteBudget: ({ ctx, user, params }) => deleteBudget({ ctx, user, id: params.id }),
  undoBudgetLadder: ({ ctx, user, params, input }) => undoLadder({ ctx, user, id: params.id, input }),
} satisfies { [Id in DeskRouteId]: DeskBinding<Id> };

function pickSessionUser({ id, email, name, role }: { id: string; email: string; name: string; role: "admin" | "member" }) {
  return { id, email, name, role };
}

/** A rule changed: this process's alert engine follows its channels at once (others within their refresh). */
function nudged<T>(ctx: DeskContext, value: T): T {
  nudgeAlertEngine({ ctx });
  return value;
}
