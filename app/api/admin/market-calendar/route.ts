import { handleSaveMarketCalendar } from "@/lib/server/handlers/market";
import { deskRoute } from "@/lib/server/http/route";

// Derived from the desk's contract: lib/desk/routes.ts says the method, path, access, input and answer.
export const PUT = deskRoute("saveMarketCalendar", handleSaveMarketCalendar);
