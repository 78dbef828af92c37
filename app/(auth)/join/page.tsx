import type { Metadata } from "next";
import { JoinForm } from "@/components/teams/join-form";

export const metadata: Metadata = { title: "Join the desk" };

/** Sign-up through an admin's invite link; the one-time token rides in the link's fragment, never to the server's logs. */
export default function JoinPage() {
  return <JoinForm />;
}
