/** Real receiving ends for delivery tests: a webhook receiver (verifies Standard Webhooks signatures) and an SMTP server. */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { Webhook } from "standardwebhooks";

export interface ReceivedHook {
  id: string;
  body: unknown;
  headers: IncomingHttpHeaders;
  /** Whether the signature verified with the secret the receiver was given. */
  verified: boolean;
  answered: number;
}

/** A webhook receiver on 127.0.0.1 answering the scripted statuses in turn (200 after the script runs out; 0 holds the request). */
export async function startWebhookReceiver(script: number[] = []): Promise<{ url: string; hooks: ReceivedHook[]; secret: { value: string }; answers: number[]; close(): Promise<void> }> {
  const hooks: ReceivedHook[] = [];
  const secret = { value: "" };
  const answers = [...script];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      let verified = false;
      try {
        new Webhook(secret.value).verify(raw, { "webhook-id": String(req.headers["webhook-id"]), "webhook-timestamp": String(req.headers["webhook-timestamp"]), "webhook-signature": String(req.headers["webhook-signature"]) });
        verified = true;
      } catch {
        verified = false;
      }
      const status = answers.shift() ?? 200;
      hooks.push({ id: String(req.headers["webhook-id"]), body: JSON.parse(raw) as unknown, headers: req.headers, verified, answered: status });
      // 0 in the script: the request is held, never answered (a sender killed mid-send).
      if (status === 0) return;
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify({ ok: status < 300 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/alpha`,
    hooks,
    secret,
    answers,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on 127.0.0.1 (no TLS, no auth) that keeps every message it accepts. */
export async function startSmtpReceiver(): Promise<{ url: string; mails: ReceivedMail[]; close(): Promise<void> }> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        mails.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "", to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString("utf8") });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, mails, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
