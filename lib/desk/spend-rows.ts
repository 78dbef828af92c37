/** The spend of a range by endpoint as the usage table and the spend CSV list it (pure; browser and server). */
import { endpointLabel } from "@/lib/alpha/endpoint-labels";
import type { DeskSpend } from "./usage";

/** Rows of the spend CSV and the usage page's table: each endpoint spent on, most first, with its share of the total. */
export function spendRows(spend: Pick<DeskSpend, "byEndpoint" | "total">): { endpoint: string; label: string; credits: number; share: number }[] {
  return Object.entries(spend.byEndpoint)
    .filter(([, credits]) => credits > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([endpoint, credits]) => ({ endpoint, label: endpointLabel(endpoint), credits, share: spend.total > 0 ? credits / spend.total : 0 }));
}

