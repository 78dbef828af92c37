import { handleTranscriptText } from "@/lib/server/concall-transcripts";
import { withUser } from "@/lib/server/route";

export const GET = withUser(handleTranscriptText);
