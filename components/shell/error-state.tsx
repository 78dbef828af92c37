"use client";

import { KeyRoundIcon, RotateCwIcon } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { isAlphaError } from "@/lib/alpha/alpha-error";
import { formatDuration, formatIstTime } from "@/lib/format/time";

interface Explained {
  title: string;
  body: ReactNode;
  retry: boolean;
}

function chargePendingOf(details: Record<string, unknown> | undefined): number | null {
  const pending = details?.charge_pending as { max_credits?: unknown } | undefined;
  return typeof pending?.max_credits === "number" ? pending.max_credits : null;
}

/** What an error means for the user and what to do about it, by the desk's error codes. */
export function explainError(error: unknown): Explained {
  if (!isAlphaError(error)) {
    return { title: "Something went wrong", body: "The page could not load this. Try again; if it keeps failing, reload the page.", retry: true };
  }
  const wait = error.retryAfter !== undefined ? ` Try again in ${formatDuration(error.retryAfter)}.` : " Try again in a minute.";
  // A paid call whose answer never came may have been billed: the desk settles it from the ledger within a minute.
  const pending = chargePendingOf(error.details);
  if (pending !== null) {
    return {
      title: "The charge is being checked",
      body: `The Alpha API did not answer in full. The service may have charged up to ${pending} credit${pending === 1 ? "" : "s"}; the desk will confirm, and your spend shows what was charged within a minute.`,
      retry: false,
    };
  }
  switch (error.code) {
    case "invalid_api_key":
    case "missing_api_key":
    case "key_rejected":
      return {
        title: "Your Alpha key was refused",
        body: (
          <>
            The Alpha API no longer accepts the stored key. <Link className="underline" href="/settings#alpha-key">Replace it in Settings</Link>.
          </>
        ),
        retry: false,
      };
    case "insufficient_credits":
      return { title: "Not enough credits", body: "Nothing was charged. Top up the account of your key, then try again.", retry: true };
    case "allowance_exceeded":
      return { title: "Daily allowance reached", body: error.message, retry: false };
    case "action_not_permitted":
      return { title: "Not in your seat", body: error.message, retry: false };
    case "rate_limit_exceeded": {
      // Say when, in the desk's clock: "resumes at 14:05 IST".
      const resumes = error.retryAfter !== undefined ? ` The desk resumes at ${formatIstTime(new Date(Date.now() + error.retryAfter * 1000), { suffix: true })}.` : wait;
      return { title: "Rate limit reached", body: `Your plan's request limit was reached.${resumes}`, retry: true };
    }
    case "product_not_enabled":
    case "scope_required":
      return { title: "Not in your plan", body: `${error.message} Ask your account admin to enable it.`, retry: false };
    case "account_disabled":
      return { title: "Account disabled", body: "The Alpha account of your key is disabled. Contact your provider.", retry: false };
    case "upstream_unreachable":
    case "upstream_timeout":
    case "upstream_error":
      return { title: "The Alpha API can't be reached", body: `Nothing was charged.${wait}`, retry: true };
    case "upstream_contract_violation":
      return { title: "Unexpected answer", body: "The Alpha API answered in a shape the desk does not understand. Try again later.", retry: true };
    case "not_signed_in":
      return {
        title: "Signed out",
        body: (
          <>
            Your session has ended.{" "}
            {/* A plain link (a full page load), as before: the rule now reads every URL as a page of its own because
                app/(desk)/[...missing] answers all of them. */}
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
            <a className="underline" href="/sign-in">
              Sign in again
            </a>
            .
          </>
        ),
        retry: false,
      };
    case "forbidden":
    case "origin_rejected":
      return { title: "Not allowed", body: error.message, retry: false };
    case "user_disabled":
      return { title: "Account disabled", body: "Your desk account is disabled. Ask an admin to enable it.", retry: false };
    case "desk_unreachable":
      return { title: "Connection lost", body: error.message, retry: true };
    case "invalid_parameter":
    case "invalid_body":
      return { title: "Check the filters", body: error.message, retry: false };
    default:
      return { title: "Something went wrong", body: error.message || "Try again.", retry: true };
  }
}

/**
 * The error state of a card or page. No key yet is not an error: the shell shows the guided first step at the
 * top of the page, and each card just says it waits for the key.
 */
export function ErrorState({ error, onRetry, className }: { error: unknown; onRetry?: () => void; className?: string }) {
  if (isAlphaError(error) && error.code === "no_api_key") {
    return (
      <p data-testid="needs-key" className="flex items-center gap-2 rounded-lg border border-dashed px-4 py-3 text-sm text-muted-foreground">
        <KeyRoundIcon aria-hidden className="size-4 shrink-0" />
        <span>
          This needs your Alpha key. <Link className="font-medium text-primary underline underline-offset-4 hover:decoration-2" href="/settings#alpha-key">Add it in Settings</Link>.
        </span>
      </p>
    );
  }
  const e = explainError(error);
  return (
    <ErrorAlert className={className} data-testid="error-state" data-error-code={isAlphaError(error) ? error.code : "unknown"} title={e.title}>
      <p>{e.body}</p>
      {e.retry && onRetry && (
        <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
          <RotateCwIcon aria-hidden />
          Try again
        </Button>
      )}
    </ErrorAlert>
  );
}
