/** The spend views' ranges and scopes, zod-free (the usage pages' pickers render them at once); lib/desk/usage.ts re-exports them. */

export const SPEND_RANGES = ["24h", "7d", "30d"] as const;
export type SpendRange = (typeof SPEND_RANGES)[number];
export const SPEND_SCOPES = ["me", "all"] as const;
export type SpendScope = (typeof SPEND_SCOPES)[number];
