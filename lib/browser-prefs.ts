/**
 * What this browser keeps for its user (theme, notification choice), in cookies: the server reads
 * them so the first HTML is right, and no page opens localStorage while it loads (a first read blocks for ~20 ms).
 */

export type ThemeChoice = "light" | "dark";

/** "dark" or "light"; absent, the page follows the system's colour scheme. */
export const THEME_COOKIE = "theme";

/** The alerts page's browser notifications: "off" (default), "important" or "all". */
export const ALERT_NOTIFY_COOKIE = "alerts-notify";

export const NOTIFY_CHOICES = ["off", "important", "all"] as const;
export type NotifyChoice = (typeof NOTIFY_CHOICES)[number];

/** Marks a browser whose choices, once kept in localStorage, have been moved into cookies. */
export const PREFS_MOVED_COOKIE = "prefs-moved";

export function parseThemeChoice(value: string | null | undefined): ThemeChoice | null {
  return value === "dark" || value === "light" ? value : null;
}

export function parseNotifyChoice(value: string | null | undefined): NotifyChoice {
  return (NOTIFY_CHOICES as readonly string[]).includes(value ?? "") ? (value as NotifyChoice) : "off";
}

/** A cookie's value in a `Cookie` header or `document.cookie` string, undefined when it is not there. */
export function cookieValue(cookieString: string, name: string): string | undefined {
  for (const part of cookieString.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

/** Chrome keeps a cookie at most 400 days; the choice is renewed each time it is made. */
const MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

/** The `document.cookie` assignment that keeps (or, with null, forgets) a choice for the whole desk. */
export function prefCookieString(name: string, value: string | null, secure: boolean): string {
  const attrs = `path=/; samesite=lax${secure ? "; secure" : ""}`;
  return value === null ? `${name}=; ${attrs}; max-age=0` : `${name}=${encodeURIComponent(value)}; ${attrs}; max-age=${MAX_AGE_SECONDS}`;
}

/**
 * `document.cookie`, read at most once per run of script: each read is a synchronous call to the browser process, and
 * hydration asks every hook twice. Only this page's own writes change a choice within a run (writePref drops the copy).
 */
let cookieCopy: string | undefined;

function currentCookies(): string {
  if (cookieCopy === undefined) {
    cookieCopy = document.cookie;
    // Microtasks run when the script that read it returns to the browser: the end of a render, a handler, a task.
    queueMicrotask(() => {
      cookieCopy = undefined;
    });
  }
  return cookieCopy;
}

/** Browser only: the current value of one of these cookies. */
export function readPref(name: string): string | undefined {
  return cookieValue(currentCookies(), name);
}

const PREF_EVENT = "alpha-desk:pref";
const CHANNEL = "alpha-desk:prefs";

let channel: BroadcastChannel | null | undefined;
function prefsChannel(): BroadcastChannel | null {
  if (channel === undefined) channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(CHANNEL);
  return channel;
}

/** Browser only: keeps (or, with null, forgets) a choice, and tells this tab's and the desk's other tabs' readers. */
export function writePref(name: string, value: string | null): void {
  document.cookie = prefCookieString(name, value, location.protocol === "https:");
  cookieCopy = undefined;
  // This tab's readers at once; the others through the page's one channel (a channel does not hear its own posts).
  window.dispatchEvent(new Event(PREF_EVENT));
  prefsChannel()?.postMessage(name);
}

/**
 * Browser only: calls `onChange` when a choice is made in this tab or another tab of the desk (cookies fire no event
 * of their own, as the storage event did for localStorage). For `useSyncExternalStore`.
 */
export function subscribePrefs(onChange: () => void): () => void {
  const others = prefsChannel();
  others?.addEventListener("message", onChange);
  window.addEventListener(PREF_EVENT, onChange);
  return () => {
    others?.removeEventListener("message", onChange);
    window.removeEventListener(PREF_EVENT, onChange);
  };
}

const OLD_THEME_KEY = "theme";
const OLD_NOTIFY_KEY = "alpha-desk:alerts:notify";
const OLD_THRESHOLD_PREFIX = "alpha-desk:spend-threshold:";

/**
 * Browser only, once per browser, in idle time: moves the choices an earlier desk kept in localStorage into their
 * cookies (a cookie already set wins), forgets the old keys, and marks the browser done, so no later page load opens
 * the storage. Returns the theme it moved, for the page to apply.
 */
export function movePrefsFromStorage(): ThemeChoice | null {
  if (readPref(PREFS_MOVED_COOKIE) === "1") return null;
  let moved: ThemeChoice | null = null;
  try {
    const theme = parseThemeChoice(localStorage.getItem(OLD_THEME_KEY));
    if (theme && readPref(THEME_COOKIE) === undefined) {
      writePref(THEME_COOKIE, theme);
      moved = theme;
    }
    const notify = localStorage.getItem(OLD_NOTIFY_KEY);
    if (notify !== null && readPref(ALERT_NOTIFY_COOKIE) === undefined) writePref(ALERT_NOTIFY_COOKIE, parseNotifyChoice(notify));
    const old: string[] = [OLD_THEME_KEY, OLD_NOTIFY_KEY];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      // The threshold is kept by the desk now: an earlier browser's copy is only forgotten.
      if (key?.startsWith(OLD_THRESHOLD_PREFIX)) old.push(key);
    }
    for (const key of old) localStorage.removeItem(key);
  } catch {
    // Storage disabled: there is nothing to move.
  }
  writePref(PREFS_MOVED_COOKIE, "1");
  return moved;
}
