import { handleResolveIsins } from "@/lib/server/handlers/watchlists";
import { withUser } from "@/lib/server/route";

export const POST = withUser(handleResolveIsins);
