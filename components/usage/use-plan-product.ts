import type { Product } from "@/lib/alpha/account";
import { useUsage } from "./use-usage";

/**
 * Whether the Alpha account of the user's key holds a product, as its profile says: true, false, or null while the
 * profile is not in (or the user has no key). The gauge's query: no request of its own.
 */
export function usePlanProduct(product: Product): { enabled: boolean | null; plan: string | null } {
  const usage = useUsage();
  const account = usage.data?.account;
  if (!account) return { enabled: null, plan: null };
  const entry = account.products.find((p) => p.product === product);
  const plan = typeof account.metadata.subscription_plan_name === "string" ? account.metadata.subscription_plan_name : null;
  return { enabled: entry ? entry.enabled : false, plan };
}
