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

// No page builds an Intl formatter while it loads (the first one loads the browser's locale data on the main thread):
// the desk writes dates and numbers itself (lib/format). e2e/first-paint.spec.ts fails if one is built.

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
      </body>
    </html>
  );
}
