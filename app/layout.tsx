import type { Metadata, Viewport } from "next";
import { cookies, headers } from "next/headers";
import type { ReactNode } from "react";
import { parseThemeChoice, THEME_COOKIE } from "@/lib/browser-prefs";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Alpha Desk", template: "%s · Alpha Desk" },
  description: "Earnings, alerts, news, concalls and portfolio summaries for NSE and BSE-listed companies.",
};

export const viewport: Viewport = {
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#fbfcfe" },
    { media: "(prefers-color-scheme: dark)", color: "#15171f" },
  ],
};

// With no theme chosen (no "theme" cookie), the page follows the system's colour scheme, applied before first paint so
// a dark-mode user never sees a white flash. A chosen theme is rendered by the server (the class on <html>): no
// script reads storage before the page is parsed (lib/browser-prefs.ts).
const systemThemeScript = `try{document.documentElement.classList.toggle("dark",matchMedia("(prefers-color-scheme: dark)").matches)}catch(e){}`;

// The first Intl.DateTimeFormat a page makes loads the browser's locale and time-zone data: 12-17 ms in Chromium on
// this machine, 50-65 ms at a phone's 4x slower CPU, against well under 1 ms for each one after it (the first
// NumberFormat likewise, about 1 ms). Every desk page
// formats an IST time while it hydrates (the market status in the top bar, at the latest), so that first one landed
// inside React's hydration task and lengthened the page's longest task by that much. This makes it in a task of its
// own right after the first frame is painted, usually before the page's scripts have arrived; if they come first, it
// costs nothing. bench/README.md, session 7. It is the body's last element, so that frame is one with the page's
// shell in it: from the head, its frame could come before the body had arrived, and the formatter's 15-45 ms then
// ran before the parser went on to the page's text, putting the first contentful paint back by as much (session 9).
const intlWarmScript = `requestAnimationFrame(function(){setTimeout(function(){try{new Intl.DateTimeFormat("en-IN",{timeZone:"Asia/Kolkata",hour:"2-digit"}).format(0);new Intl.NumberFormat("en-IN",{style:"currency",currency:"INR"}).format(0)}catch(e){}},0)})`;

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The per-request CSP nonce set by proxy.ts; reading it also makes every page render per request, as nonces need.
  const [nonce, theme] = await Promise.all([
    headers().then((h) => h.get("x-nonce") ?? undefined),
    cookies().then((jar) => parseThemeChoice(jar.get(THEME_COOKIE)?.value)),
  ]);
  return (
    <html lang="en-IN" className={theme === "dark" ? "dark" : undefined} suppressHydrationWarning>
      <head>{theme ? null : <script nonce={nonce} dangerouslySetInnerHTML={{ __html: systemThemeScript }} />}</head>
      <body className="min-h-dvh">
        {children}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: intlWarmScript }} />
      </body>
    </html>
  );
}
