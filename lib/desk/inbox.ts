/**
 * The in-desk inbox as the desk's routes serve it (pure zod, browser-safe): items for the user, or for every user of
 * their Alpha account (budget alerts), newest first, each read or unread for this reader.
 */
import * as z from "zod";

export const inboxItemSchema = z.object({
  id: z.string(),
  /** What posted it: "alert", "budget", "delivery", … */
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** A desk path to open, or null. */
  href: z.string().nullable(),
  createdAt: z.string(),
  read: z.boolean(),
  /** "you": addressed to this user; "account": to every user of the Alpha account. */
  audience: z.enum(["you", "account"]),
});
export type InboxItem = z.output<typeof inboxItemSchema>;

export const INBOX_PAGE_SIZE = 50;

export const listInboxQuerySchema = z.object({
  show: z.enum(["all", "unread"]).default("all"),
  /** The last id of the previous page (items come newest first). */
  before: z.string().min(1).max(80).optional(),
});
export type ListInboxQuery = z.output<typeof listInboxQuerySchema>;

export const inboxPageSchema = z.object({
  items: z.array(inboxItemSchema),
  unread: z.number().int().min(0),
  /** Pass as `before` for the next page; null on the last page. */
  nextBefore: z.string().nullable(),
});
export type InboxPage = z.output<typeof inboxPageSchema>;

export const inboxUnreadSchema = z.object({ unread: z.number().int().min(0) });
export type InboxUnread = z.output<typeof inboxUnreadSchema>;

export const markInboxInputSchema = z.union([
  z.object({ ids: z.array(z.string().min(1).max(80)).min(1, "name at least one item").max(200, "at most 200 items at once"), read: z.boolean() }),
  z.object({ all: z.literal(true), read: z.literal(true) }),
]);
export type MarkInboxInput = z.input<typeof markInboxInputSchema>;
