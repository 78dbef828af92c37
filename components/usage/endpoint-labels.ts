export { endpointLabel } from "@/lib/alpha/endpoint-labels";

const PALETTE = ["var(--chart-1)", "var(--chart-2)", "var(--chart-3)", "var(--chart-4)", "var(--chart-5)"];

/** A colour per series: the five theme chart colours, then lighter and darker mixes of them. */
export function seriesColor(index: number): string {
  const base = PALETTE[index % PALETTE.length] ?? "var(--chart-1)";
  const round = Math.floor(index / PALETTE.length);
  if (round === 0) return base;
  const mix = round % 2 === 1 ? "white" : "black";
  return `color-mix(in oklch, ${base} ${100 - 30 * Math.ceil(round / 2)}%, ${mix})`;
}
