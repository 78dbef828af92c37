import { Building2Icon, KeyRoundIcon, UserIcon } from "lucide-react";
import { CardHeading } from "@/components/shell/card-heading";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import type { KeyInUse } from "@/lib/desk/teams";
import { PAID_ACTION_LABELS, PAID_ACTIONS } from "@/lib/desk/team-labels";
import { formatCredits } from "@/lib/format/number";

/** Settings: which key the user's requests use, and (on the organisation's key) their seat's allowance and actions. */
export function KeyInUseCard({ keyInUse }: { keyInUse: KeyInUse }) {
  const { source, seat } = keyInUse;
  const account = keyInUse.accountName ? ` (account ${keyInUse.accountName})` : "";
  return (
    <Card data-testid="key-in-use" data-source={source ?? "none"}>
      <CardHeader>
        <CardHeading icon={KeyRoundIcon} iconClassName="text-primary" title="Which key your requests use" description={<>Your own key, when you store one, takes precedence over the organisation&apos;s.</>} />
      </CardHeader>
      <CardContent className="grid gap-2 text-sm">
        {source === "personal" && (
          <p className="flex items-center gap-2">
            <UserIcon aria-hidden className="size-4" />
            <span>
              <strong>Your own key</strong>
              {account}. What you spend is charged to that account.
              {keyInUse.organisationKey ? " Delete it below to use the organisation's key instead." : ""}
            </span>
          </p>
        )}
        {source === "organisation" && (
          <>
            <p className="flex items-center gap-2">
              <Building2Icon aria-hidden className="size-4" />
              <span>
                <strong>The organisation&apos;s key</strong>
                {account}. You use it without seeing it.
              </span>
            </p>
            <p data-testid="seat-allowance">
              {seat.dailyAllowance === null
                ? "Your seat has no daily allowance."
                : `Your daily allowance: ${formatCredits(keyInUse.usedToday ?? 0, { compact: true })} of ${formatCredits(seat.dailyAllowance, { compact: true })} credits used today (IST day).`}
            </p>
            <p>
              You may buy:{" "}
              {seat.actions.length === 0 ? "nothing paid" : seat.actions.length === PAID_ACTIONS.length ? "everything" : seat.actions.map((a) => PAID_ACTION_LABELS[a].toLowerCase()).join("; ")}.
            </p>
          </>
        )}
        {source === null && <p>No key yet: add yours below, or ask an admin to store the organisation&apos;s key.</p>}
      </CardContent>
    </Card>
  );
}
