import { hashHex } from "./rng";

/** What a logo needs; accepts a CompanyRecord or a companies-table row. */
export interface LogoSubject {
  symbol: string;
  sector: string;
  companyName?: string;
  company_name?: string;
}

/** Base hue per sector, so a sector reads as one colour family across the desk. */
const SECTOR_HUES: Record<string, number> = {
  "Financial Services": 212,
  Healthcare: 168,
  "Capital Goods": 28,
  "Automobile and Auto Components": 0,
  "Fast Moving Consumer Goods": 130,
  "Information Technology": 250,
  Chemicals: 290,
  "Consumer Services": 330,
  "Oil, Gas & Consumable Fuels": 18,
  "Consumer Durables": 190,
  "Metals & Mining": 205,
  Services: 45,
  Power: 52,
  Construction: 35,
  Realty: 310,
  "Construction Materials": 20,
  Telecommunication: 270,
  Textiles: 345,
  "Media, Entertainment & Publication": 300,
};

const NOISE_WORDS = new Set(["the", "of", "and", "&", "ltd", "ltd.", "limited", "co", "co.", "company", "(india)", "india", "corporation"]);

/** Up to two initials from the significant words of the name (the symbol when the name gives none). */
export function logoInitials(subject: LogoSubject): string {
  const name = subject.companyName ?? subject.company_name ?? subject.symbol;
  const words = name
    .split(/[\s-]+/)
    .map((w) => w.replace(/[^A-Za-z0-9&().]/g, ""))
    .filter((w) => w.length > 0 && !NOISE_WORDS.has(w.toLowerCase()));
  const letters = words
    .slice(0, 2)
    .map((w) => w.replace(/[^A-Za-z0-9]/g, "").charAt(0))
    .join("")
    .toUpperCase();
  return letters.length > 0 ? letters : subject.symbol.replace(/[^A-Z0-9]/gi, "").slice(0, 2).toUpperCase();
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c);
}

/** A small square SVG: the company's initials on a sector-tinted rounded tile. Deterministic per company. */
export function renderLogoSvg(subject: LogoSubject): string {
  const h = parseInt(hashHex(`logo|${subject.symbol}`).slice(0, 8), 16);
  const baseHue = SECTOR_HUES[subject.sector] ?? h % 360;
  const hue = (baseHue + ((h % 25) - 12) + 360) % 360;
  const light = 34 + ((h >>> 8) % 14);
  const sat = 55 + ((h >>> 16) % 25);
  const initials = escapeXml(logoInitials(subject));
  const fontSize = initials.length > 1 ? 26 : 32;
  const label = escapeXml(subject.companyName ?? subject.company_name ?? subject.symbol);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${label}">`,
    `<title>${label}</title>`,
    `<rect width="64" height="64" rx="14" fill="hsl(${hue}, ${sat}%, ${light}%)"/>`,
    `<rect x="4" y="4" width="56" height="56" rx="11" fill="none" stroke="hsl(${hue}, ${sat}%, ${light + 22}%)" stroke-width="1.5" opacity="0.6"/>`,
    `<text x="32" y="33" text-anchor="middle" dominant-baseline="central" font-family="system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif" font-size="${fontSize}" font-weight="700" fill="#ffffff">${initials}</text>`,
    `</svg>`,
  ].join("");
}
