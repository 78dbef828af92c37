import { afterEach, describe, expect, it, vi } from "vitest";
import { cookieValue, parseNotifyChoice, parseThemeChoice, prefCookieString, readPref, writePref } from "./browser-prefs";

describe("the browser's choices, kept in cookies", () => {
  it("finds a cookie by its exact name in a Cookie header or document.cookie", () => {
    const jar = "authjs.session-token=abc; theme=dark; spend-threshold.usr_1=25;alerts-notify=all";
    expect(cookieValue(jar, "theme")).toBe("dark");
    expect(cookieValue(jar, "spend-threshold.usr_1")).toBe("25");
    expect(cookieValue(jar, "alerts-notify")).toBe("all");
    expect(cookieValue(jar, "them")).toBeUndefined();
    expect(cookieValue("", "theme")).toBeUndefined();
    expect(cookieValue("theme=%E0%A4%A", "theme")).toBe("%E0%A4%A");
  });

  it("keeps a choice for the whole desk for 400 days, and forgets one at once", () => {
    expect(prefCookieString("theme", "dark", false)).toBe("theme=dark; path=/; samesite=lax; max-age=34560000");
    expect(prefCookieString("theme", "dark", true)).toBe("theme=dark; path=/; samesite=lax; secure; max-age=34560000");
    expect(prefCookieString("theme", null, false)).toBe("theme=; path=/; samesite=lax; max-age=0");
  });

  it("reads only the values it wrote", () => {
    expect(parseThemeChoice("dark")).toBe("dark");
    expect(parseThemeChoice("light")).toBe("light");
    expect(parseThemeChoice("system")).toBeNull();
    expect(parseThemeChoice(undefined)).toBeNull();
    expect(parseNotifyChoice("important")).toBe("important");
    expect(parseNotifyChoice("everything")).toBe("off");
    expect(parseNotifyChoice(null)).toBe("off");
  });
});

describe("reading the choices in the browser", () => {
  /** A browser's cookie jar behind `document.cookie`, counting the reads (each a call to the browser process). */
  function fakeBrowser(initial: Record<string, string>) {
    const jar = new Map(Object.entries(initial));
    const counts = { reads: 0 };
    vi.stubGlobal("document", {
      get cookie() {
        counts.reads++;
        return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
      },
      set cookie(line: string) {
        const [pair = "", ...attrs] = line.split(";");
        const eq = pair.indexOf("=");
        const name = pair.slice(0, eq).trim();
        if (attrs.some((a) => a.trim() === "max-age=0")) jar.delete(name);
        else jar.set(name, pair.slice(eq + 1).trim());
      },
    });
    vi.stubGlobal("location", { protocol: "http:" });
    vi.stubGlobal("window", new EventTarget());
    vi.stubGlobal("BroadcastChannel", undefined);
    return { jar, counts };
  }
  const nextRun = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("reads document.cookie once however many readers ask in one run of script, and afresh in the next", async () => {
    const { jar, counts } = fakeBrowser({ theme: "dark", "alerts-notify": "all" });
    await nextRun();
    for (let i = 0; i < 25; i++) {
      expect(readPref("theme")).toBe("dark");
      expect(readPref("alerts-notify")).toBe("all");
    }
    expect(counts.reads).toBe(1);
    // Another tab's choice, or a response's cookie, lands between runs: the next run sees it.
    jar.set("theme", "light");
    await nextRun();
    expect(readPref("theme")).toBe("light");
    expect(counts.reads).toBe(2);
  });

  it("sees its own write at once, in the same run", async () => {
    const { counts } = fakeBrowser({ "alerts-notify": "off" });
    await nextRun();
    expect(readPref("alerts-notify")).toBe("off");
    writePref("alerts-notify", "important");
    expect(readPref("alerts-notify")).toBe("important");
    writePref("alerts-notify", null);
    expect(readPref("alerts-notify")).toBeUndefined();
    expect(counts.reads).toBe(3);
  });
});
