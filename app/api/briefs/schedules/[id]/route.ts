import { handleDeleteBriefSchedule, handleUpdateBriefSchedule } from "@/lib/server/handlers/briefs";
import { deskRoute } from "@/lib/server/http/route";

// Derived from the desk's contract: lib/desk/routes.ts says the method, path, access, input and answer.
export const PATCH = deskRoute("updateBriefSchedule", handleUpdateBriefSchedule);
export const DELETE = deskRoute("deleteBriefSchedule", handleDeleteBriefSchedule);
