import { handleDeleteWatchlist, handleGetWatchlist, handleRenameWatchlist } from "@/lib/server/handlers/watchlists";
import { withUser } from "@/lib/server/route";

export const GET = withUser(handleGetWatchlist);
export const PATCH = withUser(handleRenameWatchlist);
export const DELETE = withUser(handleDeleteWatchlist);
