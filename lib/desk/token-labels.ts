/**
 * Desk token scopes (zod-free, browser-safe): which of the Alpha API's endpoints a token may call through the desk's
 * `/alpha` base, named by what a script does with them. The server maps each catalogue endpoint to one scope.
 */
export const TOKEN_SCOPES = ["free", "data", "summaries", "batch", "streams"] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

export const TOKEN_SCOPE_LABELS: Record<TokenScope, string> = {
  free: "Free data (calendars, indexes, account)",
  data: "Paid data",
  summaries: "Summaries",
  batch: "Batch jobs",
  streams: "Live streams",
};

/** The base path on the desk under which the Alpha API's own paths are served to desk tokens. */
export const DESK_ALPHA_BASE = "/alpha";

/** Desk tokens start with this, so a leaked one is recognisable (and never mistaken for an organisation key). */
export const DESK_TOKEN_PREFIX = "adt_";
