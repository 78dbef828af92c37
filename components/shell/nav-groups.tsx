import "server-only";
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

/**
 * The pages a user's role opens, with their icons rendered here on the server: the shell's client components get them
 * as elements (no icon code in the browser's bundle).
 */
export function navGroupsFor(role: "admin" | "member"): NavGroup[] {
  return NAV_GROUPS.map((g) => ({
    label: g.label,
    items: g.items
      .filter((i) => !i.adminOnly || role === "admin")
      .map(({ href, label, icon: Icon }) => ({ href, label, icon: <Icon aria-hidden className="size-4 shrink-0" /> })),
  })).filter((g) => g.items.length > 0);
}

