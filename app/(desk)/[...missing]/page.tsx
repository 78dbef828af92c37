import { notFound } from "next/navigation";

/**
 * Any URL no page answers: the not-found page inside the desk's shell. Not app/not-found.tsx: the root not-found is in
 * every route's first load, and the shell there put the desk's data layer on /sign-in too.
 */
export default function MissingPage() {
  notFound();
}
