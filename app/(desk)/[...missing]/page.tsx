import { notFound } from "next/navigation";

/**
 * Any URL no page answers: the desk's not-found page (app/(desk)/not-found.tsx) inside the desk's shell, signed-out
 * visitors sent to sign-in first by the layout. Here rather than in app/not-found.tsx because the root not-found
 * boundary is part of every route's first load: rendering the shell there put the whole desk shell and its data
 * layer on /sign-in and every other page (about 100 kB of gzip).
 */
export default function MissingPage() {
  notFound();
}
