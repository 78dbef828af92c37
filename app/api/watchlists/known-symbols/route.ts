import { handleKnownSymbols } from "@/lib/server/handlers/watchlists";
import { withUser } from "@/lib/server/route";

export const GET = withUser(handleKnownSymbols);
export const POST = withUser(handleKnownSymbols);
