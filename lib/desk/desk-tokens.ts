/**
 * Desk tokens as the desk's routes answer them (pure zod, browser-safe): minting input, the listing (never the secret
 * nor its hash) and the one answer that carries the secret, shown once.
 */
import * as z from "zod";
import { TOKEN_SCOPES } from "./token-labels";

export { DESK_ALPHA_BASE, DESK_TOKEN_PREFIX, TOKEN_SCOPE_LABELS, TOKEN_SCOPES, type TokenScope } from "./token-labels";

const MAX_CAP = 100_000_000;
const capSchema = z.number().int().min(1).max(MAX_CAP).nullable();

/** An IPv4 or IPv6 address, or an IPv4 CIDR block (a.b.c.d/n). */
const addressSchema = z
  .string()
  .trim()
  .min(2)
  .max(64)
  .refine((v) => /^(\d{1,3}\.){3}\d{1,3}(\/\d{1,2})?$/.test(v) || /^[0-9a-fA-F:]+(%\w+)?$/.test(v), { message: "is not an IP address or IPv4 block" });

export const mintTokenInputSchema = z.object({
  name: z.string().trim().min(1, { message: "is required" }).max(80),
  scopes: z.array(z.enum(TOKEN_SCOPES)).min(1, { message: "choose at least one scope" }),
  dailyCap: capSchema.default(null),
  monthlyCap: capSchema.default(null),
  rpm: z.number().int().min(1).max(10_000).nullable().default(null),
  /** Days until it expires; null: it does not. */
  expiresInDays: z.number().int().min(1).max(3650).nullable().default(90),
  allowedAddresses: z.array(addressSchema).max(50).default([]),
  /** Admins only: the member the token spends for (their seat applies); else the minting user. */
  ownerId: z.string().min(1).max(100).optional(),
});
export type MintTokenInput = z.input<typeof mintTokenInputSchema>;

export const deskTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  last4: z.string(),
  ownerId: z.string(),
  ownerEmail: z.string().nullable(),
  scopes: z.array(z.enum(TOKEN_SCOPES)),
  dailyCap: z.number().int().nullable(),
  monthlyCap: z.number().int().nullable(),
  rpm: z.number().int().nullable(),
  allowedAddresses: z.array(z.string()),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
  /** As the server's clock says: a revoked or expired token is refused. */
  state: z.enum(["active", "revoked", "expired"]),
  lastUsedAt: z.string().nullable(),
  /** Credits counted against the caps this IST day and month (pending calls at their upper bound). */
  spentToday: z.number().int(),
  spentThisMonth: z.number().int(),
});
export type DeskToken = z.output<typeof deskTokenSchema>;

export const mintedTokenSchema = z.object({ token: deskTokenSchema, secret: z.string() });
export type MintedToken = z.output<typeof mintedTokenSchema>;
