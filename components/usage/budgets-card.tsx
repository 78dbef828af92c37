"use client";

import { useQuery } from "@tanstack/react-query";
import { PencilIcon, PiggyBankIcon, Trash2Icon, Undo2Icon } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { HeadedCard } from "@/components/shell/card-heading";
import { QueryList } from "@/components/shell/query-list";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect, NativeSelectOption, NativeSelectOptions } from "@/components/ui/native-select";
import { Progress } from "@/components/ui/progress";
import { toast } from "@/components/ui/toast";
import { isAlphaError } from "@/lib/alpha/alpha-error";
import {
  BUDGET_FEATURE_LABELS,
  BUDGET_FEATURES,
  BUDGET_PERIOD_LABELS,
  BUDGET_PERIODS,
  DEFAULT_BUDGET_THRESHOLDS,
  DEFAULT_LADDER_AT,
  LADDER_STEP_LABELS,
  type BudgetFeature,
  type BudgetPeriod,
} from "@/lib/desk/budget-labels";
import type { BudgetScope, BudgetView, SaveBudgetInput } from "@/lib/desk/budgets";
import * as adminRoutes from "@/lib/desk/route-meta/admin";
import * as budgetRoutes from "@/lib/desk/route-meta/budgets";
import * as tokenRoutes from "@/lib/desk/route-meta/tokens";
import { formatNumber } from "@/lib/format/number";
import { formatIstDateTime } from "@/lib/format/time";
import { deskQuery, useDeskMutation } from "@/lib/query/desk";
import { cn } from "@/lib/utils";

const failed = (e: unknown) => toast.error(isAlphaError(e) ? e.message : "That did not work. Try again.");

function percents(text: string): number[] {
  return text
    .split(/[\s,%]+/)
    .map((p) => Number(p))
    .filter((n) => Number.isInteger(n) && n > 0);
}

type ScopeKind = BudgetScope["kind"];

function BudgetForm({ editing, onDone }: { editing: BudgetView | null; onDone: () => void }) {
  const ids = { name: useId(), scope: useId(), target: useId(), period: useId(), limit: useId(), thresholds: useId(), ladder: useId(), hard: useId() };
  const [kind, setKind] = useState<ScopeKind>(editing?.scope.kind ?? "account");
  const users = useQuery({ ...deskQuery(adminRoutes.listUsers), enabled: kind === "member" });
  const tokens = useQuery({ ...deskQuery(tokenRoutes.listDeskTokens), enabled: kind === "token" });
  const saved = (b: BudgetView) => {
    toast.success(`Budget “${b.name}” saved.`);
    onDone();
  };
  const create = useDeskMutation(budgetRoutes.createBudget, { onSuccess: saved, onError: failed });
  const update = useDeskMutation(budgetRoutes.updateBudget, { onSuccess: saved, onError: failed });
  const scope = editing?.scope;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const target = String(form.get("target") ?? "");
    const chosen: BudgetScope =
      kind === "member" ? { kind, userId: target } : kind === "token" ? { kind, tokenId: target } : kind === "feature" ? { kind, feature: target as BudgetFeature } : { kind: "account" };
    const body: SaveBudgetInput = {
      name: String(form.get("name") ?? ""),
      scope: chosen,
      period: String(form.get("period")) as BudgetPeriod,
      limit: Math.round(Number(form.get("limit"))),
      thresholds: percents(String(form.get("thresholds") ?? "")),
      hardLimit: form.get("hardLimit") === "on",
      ladderAt: percents(String(form.get("ladderAt") ?? "")),
    };
    if (editing) update.mutate({ params: { id: editing.id }, body });
    else create.mutate({ body });
  };
  const targetDefault = scope?.kind === "member" ? scope.userId : scope?.kind === "token" ? scope.tokenId : scope?.kind === "feature" ? scope.feature : undefined;
  return (
    <form className="grid gap-3 rounded-lg border p-3" onSubmit={submit} aria-label={editing ? `Edit the budget ${editing.name}` : "New budget"} data-testid="budget-form">
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        <div className="grid gap-1">
          <Label htmlFor={ids.name}>Name</Label>
          <Input id={ids.name} name="name" required maxLength={80} defaultValue={editing?.name} placeholder="e.g. Team month" />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={ids.scope}>For</Label>
          <NativeSelect id={ids.scope} name="kind" value={kind} onChange={(e) => setKind(e.target.value as ScopeKind)} className="w-full">
            <NativeSelectOption value="account">The whole account</NativeSelectOption>
            <NativeSelectOption value="member">A member</NativeSelectOption>
            <NativeSelectOption value="feature">A feature</NativeSelectOption>
            <NativeSelectOption value="token">A desk token</NativeSelectOption>
          </NativeSelect>
        </div>
        {kind !== "account" && (
          <div className="grid gap-1">
            <Label htmlFor={ids.target}>{kind === "member" ? "Member" : kind === "token" ? "Token" : "Feature"}</Label>
            <NativeSelect id={ids.target} name="target" required defaultValue={targetDefault} className="w-full" key={kind}>
              {kind === "feature" && <NativeSelectOptions values={BUDGET_FEATURES} label={(f) => BUDGET_FEATURE_LABELS[f]} />}
              {kind === "member" &&
                (users.data ?? []).map((u) => (
                  <NativeSelectOption key={u.id} value={u.id}>
                    {u.email}
                  </NativeSelectOption>
                ))}
              {kind === "token" &&
                (tokens.data ?? [])
                  .filter((t) => t.state === "active" || t.id === targetDefault)
                  .map((t) => (
                    <NativeSelectOption key={t.id} value={t.id}>
                      {t.name} …{t.last4}
                    </NativeSelectOption>
                  ))}
            </NativeSelect>
          </div>
        )}
        <div className="grid gap-1">
          <Label htmlFor={ids.period}>Per</Label>
          <NativeSelect id={ids.period} name="period" defaultValue={editing?.period ?? "month"} className="w-full">
            <NativeSelectOptions values={BUDGET_PERIODS} label={(p) => BUDGET_PERIOD_LABELS[p]} />
          </NativeSelect>
        </div>
        <div className="grid gap-1">
          <Label htmlFor={ids.limit}>Credits</Label>
          <Input id={ids.limit} name="limit" type="number" min={1} required inputMode="numeric" defaultValue={editing?.limit} placeholder="e.g. 50000" />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={ids.thresholds}>Alert at (%)</Label>
          <Input id={ids.thresholds} name="thresholds" defaultValue={(editing?.thresholds ?? DEFAULT_BUDGET_THRESHOLDS).join(", ")} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={ids.ladder}>Ladder steps at (%)</Label>
          <Input id={ids.ladder} name="ladderAt" defaultValue={(editing?.ladderAt ?? DEFAULT_LADDER_AT).join(", ")} aria-describedby={`${ids.ladder}-hint`} />
          <span id={`${ids.ladder}-hint`} className="text-xs text-muted-foreground">
            Three rising figures: steps 1, 2, 3
          </span>
        </div>
        <label className="flex items-center gap-2 self-center text-sm" htmlFor={ids.hard}>
          <input id={ids.hard} type="checkbox" name="hardLimit" defaultChecked={editing?.hardLimit ?? false} className="size-4 accent-primary" />
          Hard limit: climb the ladder past it
        </label>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={create.isPending || update.isPending} data-testid="budget-save">
          <PiggyBankIcon aria-hidden />
          {editing ? "Save budget" : "Add budget"}
        </Button>
        {editing && (
          <Button type="button" variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

function BudgetRow({ budget, onEdit }: { budget: BudgetView; onEdit: () => void }) {
  const remove = useDeskMutation(budgetRoutes.deleteBudget, { onSuccess: () => toast.success(`Budget “${budget.name}” deleted.`), onError: failed });
  const undo = useDeskMutation(budgetRoutes.undoBudgetLadder, { onSuccess: () => toast.success(`The ladder of “${budget.name}” is undone until the period ends.`), onError: failed });
  const share = budget.limit > 0 ? budget.spent / budget.limit : 0;
  const step = budget.ladder.step;
  return (
    <li className="grid gap-2 rounded-md border px-3 py-2" data-testid="budget" data-budget-id={budget.id} data-ladder-step={step}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <div className="grid min-w-0 flex-1 gap-0.5">
          <span className="font-medium break-words">{budget.name}</span>
          <span className="text-xs break-words text-muted-foreground">
            {budget.scopeLabel} · per {BUDGET_PERIOD_LABELS[budget.period]} · alerts at {budget.thresholds.join("/")}%{budget.hardLimit ? ` · ladder at ${budget.ladderAt.join("/")}%` : ""}
          </span>
        </div>
        <div className="flex flex-wrap gap-1">
          <Button size="sm" variant="ghost" onClick={onEdit} aria-label={`Edit the budget ${budget.name}`}>
            <PencilIcon aria-hidden />
            Edit
          </Button>
          <Button size="sm" variant="ghost" onClick={() => remove.mutate({ params: { id: budget.id } })} disabled={remove.isPending} aria-label={`Delete the budget ${budget.name}`}>
            <Trash2Icon aria-hidden />
            Delete
          </Button>
        </div>
      </div>
      <Progress value={Math.min(100, share * 100)} aria-label={`${budget.name}: spent of the limit`} indicatorClassName={cn(share >= 1 ? "bg-destructive" : share >= 0.75 ? "bg-chart-4" : "bg-primary")} />
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
        <span className="font-mono text-foreground tabular-nums" data-testid="budget-spent">
          {formatNumber(budget.spent)} of {formatNumber(budget.limit)} credits ({Math.floor(share * 100)}%)
        </span>
        <span>resets {formatIstDateTime(budget.resetsAt)}</span>
        {budget.crossed.length > 0 && <span>alerted at {budget.crossed.join(", ")}%</span>}
      </div>
      {budget.hardLimit && (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center" data-testid="budget-ladder">
          <Badge variant={step > 0 ? "destructive" : "secondary"} className="whitespace-normal">
            {LADDER_STEP_LABELS[step]}
          </Badge>
          {budget.ladder.undoneThrough > 0 && step === 0 && <span className="text-xs text-muted-foreground">Undone by an admin through step {budget.ladder.undoneThrough} until the period ends</span>}
          {step > 0 && (
            <Button size="sm" variant="outline" onClick={() => undo.mutate({ params: { id: budget.id }, body: {} })} disabled={undo.isPending} data-testid="budget-undo">
              <Undo2Icon aria-hidden />
              Undo the ladder
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

/** For admins: budgets per IST day, week or month, their alerts, and the ladder a hard limit climbs (with its undo). */
export function BudgetsCard() {
  const budgets = useQuery(deskQuery(budgetRoutes.listBudgets));
  const [editing, setEditing] = useState<BudgetView | null>(null);
  return (
    <HeadedCard
      data-testid="budgets-card"
      icon={PiggyBankIcon}
      iconClassName="text-primary"
      title="Budgets"
      description="Credits the account, a member, a feature or a desk token may spend per IST day, week or month. Admins hear of each threshold once, in the inbox, by e-mail and webhook. Past a hard limit the desk climbs a ladder: it pauses scheduled briefs and new batch jobs, then serves paid panels from its cache only, then refuses paid calls but admins'. Every step is logged and can be undone here."
      contentClassName="grid gap-3"
    >
      <BudgetForm key={editing?.id ?? "new"} editing={editing} onDone={() => setEditing(null)} />
      <QueryList query={budgets} label="Budgets" loading="Loading budgets…" empty="No budgets yet.">
        {(budget) => <BudgetRow key={budget.id} budget={budget} onEdit={() => setEditing(budget)} />}
      </QueryList>
    </HeadedCard>
  );
}
