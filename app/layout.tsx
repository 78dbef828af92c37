import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
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

// Applies the saved theme before first paint so a dark-mode user never sees a white flash.
const themeScript = `(function(){try{var t=localStorage.getItem("theme");var d=t?t==="dark":matchMedia("(prefers-color-scheme: dark)").matches;document.documentElement.classList.toggle("dark",d)}catch(e){}})()`;

// The first Intl.DateTimeFormat a page makes loads the browser's locale and time-zone data: 12-17 ms in Chromium on
// this machine, 50-65 ms at a phone's 4x slower CPU, against well under 1 ms for each one after it (the first
// NumberFormat likewise, about 1 ms). Every desk page
// formats an IST time while it hydrates (the market status in the top bar, at the latest), so that first one landed
// inside React's hydration task and lengthened the page's longest task by that much. This makes it in a task of its
// own right after the first frame is painted, usually before the page's scripts have arrived; if they come first, it
// costs nothing. bench/README.md, session 7.
const intlWarmScript = `requestAnimationFrame(function(){setTimeout(function(){try{new Intl.DateTimeFormat("en-IN",{timeZone:"Asia/Kolkata",hour:"2-digit"}).format(0);new Intl.NumberFormat("en-IN",{style:"currency",currency:"INR"}).format(0)}catch(e){}},0)})`;

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The per-request CSP nonce set by proxy.ts; reading it also makes every page render per request, as nonces need.
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    <html lang="en-IN" suppressHydrationWarning>
      <head>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: `${themeScript};${intlWarmScript}` }} />
      </head>
      <body className="min-h-dvh">{children}</body>
    </html>
  );
}
