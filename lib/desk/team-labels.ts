/**
 * The team's fixed vocabularies and their words for people, zod-free: the key, member, invite and watchlist cards
 * render them at once. lib/desk/teams.ts builds its schemas on them and re-exports them.
 */

/** Paid actions an admin permits per member; every paid endpoint belongs to exactly one (lib/server/teams/seats.ts). */
export const PAID_ACTIONS = ["data", "summaries", "batch_jobs"] as const;
export type PaidAction = (typeof PAID_ACTIONS)[number];
/** Words for people: what each action lets a member do. */
export const PAID_ACTION_LABELS: Record<PaidAction, string> = {
  data: "Paid data (feeds, results, concall details, links)",
  summaries: "Portfolio summaries",
  batch_jobs: "Batch jobs",
};

/** How long an invite link stays valid. */
export const INVITE_TTL_HOURS = 24;

/** Watchlists: private, or shared with the team to read or to edit. */
export const WATCHLIST_SHARING = ["private", "team_read", "team_edit"] as const;
export type WatchlistSharing = (typeof WATCHLIST_SHARING)[number];
export const WATCHLIST_SHARING_LABELS: Record<WatchlistSharing, string> = {
  private: "Only me",
  team_read: "Team can view",
  team_edit: "Team can edit",
};
