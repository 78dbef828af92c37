import "server-only";
import { createHash } from "node:crypto";
import { version as lucideVersion } from "lucide-react/package.json";
import {
  BellRingIcon,
  CalendarDaysIcon,
  GaugeIcon,
  HomeIcon,
  HandshakeIcon,
  LayersIcon,
  ListChecksIcon,
  type LucideIcon,
  MegaphoneIcon,
  MicIcon,
  NewspaperIcon,
  SettingsIcon,
  ShieldCheckIcon,
  SparklesIcon,
  TrophyIcon,
  UsersIcon,
} from "lucide-react";
import type { NavGroup } from "./nav-items";

interface NavEntry {
  href: string;
  label: string;
  icon: LucideIcon;
  adminOnly?: boolean;
}

/** Every page of the desk, in the order a trader's day goes. */
export const NAV_GROUPS: { label: string; items: NavEntry[] }[] = [
  {
    label: "Markets",
    items: [
      { href: "/today", label: "Today", icon: HomeIcon },
      { href: "/earnings", label: "Earnings", icon: CalendarDaysIcon },
      { href: "/season", label: "Results season", icon: TrophyIcon },
      { href: "/alerts", label: "Alerts", icon: BellRingIcon },
      { href: "/news", label: "News", icon: NewspaperIcon },
      { href: "/announcements", label: "Announcements", icon: MegaphoneIcon },
      { href: "/block-deals", label: "Block deals", icon: HandshakeIcon },
      { href: "/concalls", label: "Concalls", icon: MicIcon },
    ],
  },
  {
    label: "Portfolio",
    items: [
      { href: "/watchlists", label: "Watchlists", icon: ListChecksIcon },
      { href: "/summaries", label: "Summaries", icon: SparklesIcon },
      { href: "/batches", label: "Batch jobs", icon: LayersIcon },
    ],
  },
  {
    label: "Account",
    items: [
      { href: "/usage", label: "Usage", icon: GaugeIcon },
      { href: "/settings", label: "Settings", icon: SettingsIcon },
      { href: "/team", label: "Team", icon: UsersIcon, adminOnly: true },
      { href: "/admin", label: "Admin", icon: ShieldCheckIcon, adminOnly: true },
    ],
  },
];

/** Where the navigation's icons are served from: one SVG of `<symbol>`s (app/icons/nav.svg/route.ts). */
export const NAV_SPRITE_PATH = "/icons/nav.svg";

/** A nav item's id in the sprite: its path without the slash ("/block-deals" → "block-deals"). */
export function navIconId(href: string): string {
  return href.slice(1);
}

/**
 * The sprite's URL, versioned by what is in it (each item's id and icon, and lucide's version), so it can be cached
 * for good: a change of icon or of lucide gives a new URL.
 */
export const NAV_SPRITE_HREF = `${NAV_SPRITE_PATH}?v=${createHash("sha256")
  .update(JSON.stringify([lucideVersion, NAV_GROUPS.flatMap((g) => g.items.map((i) => [i.href, i.icon.displayName]))]))
  .digest("hex")
  .slice(0, 12)}`;

/**
 * The pages a user's role opens, each icon an `<svg>` that uses its symbol in the sprite. Not the icons' paths: inlined
 * (as they were), the 15–17 icons were about 3 kB of every page's compressed HTML, in its markup and again in the
 * RSC payload, which put the desk's pages over the 14 kB a phone gets in the first round trip (bench/README.md, session
 * 8). The sprite is one cached request, and no icon code is in the browser's bundle.
 */
export function navGroupsFor(role: "admin" | "member"): NavGroup[] {
  return NAV_GROUPS.map((g) => ({
    label: g.label,
    items: g.items
      .filter((i) => !i.adminOnly || role === "admin")
      .map(({ href, label }) => ({
        href,
        label,
        icon: (
          <svg aria-hidden viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" className="size-4 shrink-0">
            <use href={`${NAV_SPRITE_HREF}#${navIconId(href)}`} />
          </svg>
        ),
      })),
  })).filter((g) => g.items.length > 0);
}
