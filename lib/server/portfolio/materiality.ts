import "server-only";
/**
 * A user's materiality settings: the bar, the lexicon of material and routine phrases, muted kinds and how often each
 * kind was dismissed. Scoring itself runs in the browser on rows it already holds; this is only what the user chose.
 */
import type { MaterialitySettings, SaveMaterialityInput } from "@/lib/desk/materiality";
import { DEFAULT_MATERIALITY, dismissFilingInputSchema, materialitySettingsSchema, saveMaterialityInputSchema } from "@/lib/desk/materiality";
import type { DeskContext } from "../core/context";
import { calendarDb } from "../core/calendar-tables";
import type { SessionUser } from "../identity/users";
import { parseOrThrow } from "../identity/users";

const unique = (list: readonly string[]) => [...new Set(list.map((p) => p.trim()).filter(Boolean))];

export async function getMateriality({ ctx, user }: { ctx: DeskContext; user: SessionUser }): Promise<MaterialitySettings> {
  const row = await calendarDb({ ctx }).selectFrom("materiality_settings").select("settings").where("user_id", "=", user.id).executeTakeFirst();
  if (!row) return DEFAULT_MATERIALITY;
  const parsed = materialitySettingsSchema.safeParse(JSON.parse(row.settings));
  return parsed.success ? parsed.data : DEFAULT_MATERIALITY;
}

async function write(ctx: DeskContext, user: SessionUser, settings: MaterialitySettings): Promise<MaterialitySettings> {
  const row = { settings: JSON.stringify(settings), updated_at: ctx.now().toISOString() };
  await calendarDb({ ctx })
    .insertInto("materiality_settings")
    .values({ user_id: user.id, ...row })
    .onConflict((oc) => oc.column("user_id").doUpdateSet(row))
    .execute();
  return settings;
}

export async function saveMateriality({ ctx, user, input }: { ctx: DeskContext; user: SessionUser; input: SaveMaterialityInput }): Promise<MaterialitySettings> {
  const next = parseOrThrow(saveMaterialityInputSchema, input);
  const current = await getMateriality({ ctx, user });
  return write(ctx, user, { bar: next.bar, material: unique(next.material), noise: unique(next.noise), muted: unique(next.muted), dismissals: current.dismissals });
}

/** One more dismissal of a kind; the answer's count tells the page when to offer muting it. */
export async function dismissFiling({ ctx, user, input }: { ctx: DeskContext; user: SessionUser; input: { kind: string } }): Promise<MaterialitySettings> {
  const { kind } = parseOrThrow(dismissFilingInputSchema, input);
  const current = await getMateriality({ ctx, user });
  return write(ctx, user, { ...current, dismissals: { ...current.dismissals, [kind]: (current.dismissals[kind] ?? 0) + 1 } });
}
