import { HOME_PATH } from "@/components/shell/nav-items";

/** Only a path on this desk (never another origin, never the auth pages themselves) may be a redirect target. */
export function safeCallbackPath(value: string | null | undefined): string {
  if (!value) return HOME_PATH;
  let path = value;
  // next-auth passes absolute URLs of this site; keep only their path.
  if (/^https?:\/\//i.test(path)) {
    try {
      const url = new URL(path);
      path = `${url.pathname}${url.search}${url.hash}`;
    } catch {
      return HOME_PATH;
    }
  }
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return HOME_PATH;
  if (path === "/" || path.startsWith("/sign-in") || path.startsWith("/setup") || path.startsWith("/api/")) return HOME_PATH;
  return path;
}

/** next-auth's error codes in a query string, in words; unknown text is never echoed back. */
export function signInErrorMessage(code: string | null | undefined): string | null {
  if (!code) return null;
  switch (code) {
    case "CredentialsSignin":
      return "Wrong email or password.";
    case "SessionRequired":
      return "Sign in to continue.";
    default:
      return "Sign-in failed; try again.";
  }
}
