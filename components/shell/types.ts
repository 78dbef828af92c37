import type { SessionUser } from "@/lib/server/users";

/** What the shell knows about the signed-in user: the session user (nothing secret). */
export type ShellUser = SessionUser;
