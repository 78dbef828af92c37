import { handleLookupSummary } from "@/lib/server/handlers/summaries";
import { withUser } from "@/lib/server/route";

export const POST = withUser(handleLookupSummary);
