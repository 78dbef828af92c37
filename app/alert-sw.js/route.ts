/**
 * The service worker that shows alert notifications with no desk tab open: a push carries { title, body, href, tag }
 * (lib/server/alerts/deliver.ts); a click opens the desk at href (a path of the desk only).
 */
const SCRIPT = `
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));
self.addEventListener("push", (event) => {
  let data = {};
  try { data = event.data ? event.data.json() : {}; } catch { data = { title: "Alpha Desk", body: event.data ? event.data.text() : "" }; }
  const href = typeof data.href === "string" && data.href.startsWith("/") && !data.href.startsWith("//") ? data.href : "/inbox";
  event.waitUntil(self.registration.showNotification(String(data.title || "Alpha Desk alert"), { body: String(data.body || ""), tag: data.tag ? String(data.tag) : undefined, data: { href } }));
});
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const href = (event.notification.data && event.notification.data.href) || "/inbox";
  event.waitUntil(self.clients.openWindow(href));
});
`;

export function GET(): Response {
  return new Response(SCRIPT, { headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache", "Service-Worker-Allowed": "/" } });
}
