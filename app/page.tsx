import Link from "next/link";
import { redirect } from "next/navigation";
import { HOME_PATH } from "@/components/shell/nav-items";
import { getSessionUser } from "@/lib/server/identity/auth";

const features = [
  { title: "Earnings calendar", body: "Upcoming results in month, week and agenda views, and past filings with their earnings tables." },
  { title: "Live alerts", body: "52-week highs and lows, price and volume movers and results alerts as they happen, with drivers." },
  { title: "News with sentiment", body: "Company news tagged positive, negative or neutral, and the sentiment mix over time." },
  { title: "Concall analysis", body: "Guidance, red flags and key indicators from every conference call, with transcripts and recordings." },
  { title: "Portfolio summaries", body: "A daily summary of your watchlist, weighted by exposure, single or as batch jobs." },
  { title: "Credits in view", body: "Every paid action shows its price first, and a gauge shows balance, today's spend and limits." },
];

/** Signed out: what the desk is. Signed in: straight to Today. */
export default async function LandingPage() {
  if (await getSessionUser()) redirect(HOME_PATH);
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b">
        <div className="mx-auto flex h-14 max-w-6xl items-center justify-between px-6">
          <span className="flex items-center gap-2 font-semibold tracking-tight">
            <span aria-hidden className="grid size-7 place-items-center rounded-md bg-primary text-sm font-bold text-primary-foreground">
              α
            </span>
            Alpha Desk
          </span>
          <Link
            href="/sign-in"
            className="rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground hover:opacity-90"
          >
            Sign in
          </Link>
        </div>
      </header>
      <main className="flex-1">
        <section className="mx-auto max-w-6xl px-6 pt-20 pb-12">
          <p className="text-sm font-medium text-primary">NSE · BSE</p>
          <h1 className="mt-3 max-w-3xl text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
            The market desk for India&apos;s listed companies
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-muted-foreground">
            Results, alerts, news, conference calls and AI portfolio summaries in one place, with every credit
            accounted for before you spend it.
          </p>
          <div className="mt-8 flex gap-3">
            <Link
              href="/sign-in"
              className="rounded-md bg-primary px-5 py-2.5 text-sm font-medium text-primary-foreground hover:opacity-90"
            >
              Open the desk
            </Link>
          </div>
        </section>
        <section aria-labelledby="features" className="mx-auto max-w-6xl px-6 pb-20">
          <h2 id="features" className="sr-only">
            What the desk does
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {features.map((f) => (
              <li key={f.title} className="rounded-lg border bg-card p-5 text-card-foreground shadow-sm">
                <h3 className="font-medium">{f.title}</h3>
                <p className="mt-2 text-sm text-muted-foreground">{f.body}</p>
              </li>
            ))}
          </ul>
        </section>
      </main>
      <footer className="border-t py-6 text-center text-xs text-muted-foreground">
        Market data is delayed and for information only. Times are shown in IST.
      </footer>
    </div>
  );
}
