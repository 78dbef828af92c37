import { handleUsage } from "@/lib/server/handlers/usage";
import { withUser } from "@/lib/server/route";

export const GET = withUser(handleUsage);
