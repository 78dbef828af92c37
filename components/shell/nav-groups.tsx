import "server-only";
import { createHash } from "node:crypto";
import { version as lucideVersion } from "lucide-react/package.json";
import {
  BellPlusIcon,
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
  SendIcon,
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
      { href: "/alert-rules", label: "Alert rules", icon: BellPlusIcon },
      { href: "/deliveries", label: "Deliveries", icon: SendIcon },
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

/** Where the navigation's icons are served from: one SVG holding every icon, each shown by its id (app/icons/nav.svg/route.ts). */
export const NAV_SPRITE_PATH = "/icons/nav.svg";

/**
 * How the sprite is drawn from: an SVG stack (each icon a nested `<svg>` shown when its id is the URL's fragment),
 * used as a CSS mask image. Part of the URL's version, so a browser never reads one format's cached file as another.
 */
export const NAV_SPRITE_FORMAT = "stack";

/** A nav item's id in the sprite: its path without the slash ("/block-deals" → "block-deals"). */
export function navIconId(href: string): string {
  return href.slice(1);
}

/**
 * The sprite's URL, versioned by what is in it (its format, each item's id and icon, and lucide's version), so it can
 * be cached for good: a change of icon or of lucide gives a new URL.
 */
export const NAV_SPRITE_HREF = `${NAV_SPRITE_PATH}?v=${createHash("sha256")
  .update(JSON.stringify([NAV_SPRITE_FORMAT, lucideVersion, NAV_GROUPS.flatMap((g) => g.items.map((i) => [i.href, i.icon.displayName]))]))
  .digest("hex")
  .slice(0, 12)}`;

/**
 * The pages a role opens, each icon a CSS mask of one sprite: inlined icons put every page's HTML over a phone's first
 * round trip, and a hidden `<use>` is fetched anyway, while a mask of an undisplayed element is not.
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
          <span
            aria-hidden
            data-slot="nav-icon"
            className="size-4 shrink-0 bg-current mask-contain mask-center mask-no-repeat forced-color-adjust-none"
            style={{ maskImage: `url(${NAV_SPRITE_HREF}#${navIconId(href)})` }}
          />
        ),
      })),
  })).filter((g) => g.items.length > 0);
}
