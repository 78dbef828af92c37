import { handleListSummaries } from "@/lib/server/handlers/summaries";
import { withUser } from "@/lib/server/route";

export const GET = withUser(handleListSummaries);
