import { quarterLabel } from "@/lib/alpha/quarters";

/** `q4_26` → "Q4 FY26"; an unknown or missing key shows as a dash or as it is. */
export function formatQuarter(key: string | null | undefined): string {
  if (!key) return "—";
  return quarterLabel(key);
}
