/** Next.js calls register() once when a server starts: the desk's background work starts with it (Node.js only). */
export async function register(): Promise<void> {
  // The edge build drops this branch; `next build` starts no server, so nothing runs during a build.
  if (process.env.NEXT_RUNTIME === "nodejs" && process.env.NEXT_PHASE !== "phase-production-build") {
    const { startBackgroundWork } = await import("@/lib/server/routes/background-work");
    startBackgroundWork();
    const { installDeskStreamUpgrade } = await import("@/lib/server/routes/desk-stream-upgrade");
    installDeskStreamUpgrade();
  }
}
