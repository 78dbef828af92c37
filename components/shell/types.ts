import type { SessionUserView as SessionUser } from "@/lib/desk/users";

/** What the shell knows about the signed-in user: the session user (nothing secret). */
export type ShellUser = SessionUser;
