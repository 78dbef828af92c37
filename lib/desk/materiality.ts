import * as z from "zod";
import { lexiconPhraseProblem, MAX_PHRASES } from "./materiality-defaults";

export { DEFAULT_MATERIAL_PHRASES, DEFAULT_MATERIALITY, DEFAULT_NOISE_PHRASES, DISMISSALS_BEFORE_MUTE_OFFER, MATERIAL_BAR_DEFAULT } from "./materiality-defaults";

export const lexiconPhraseSchema = z
  .string()
  .trim()
  .superRefine((p, ctx) => {
    const problem = lexiconPhraseProblem(p);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

export const materialitySettingsSchema = z.object({
  bar: z.number().int().min(0).max(100),
  material: z.array(lexiconPhraseSchema).max(MAX_PHRASES),
  noise: z.array(lexiconPhraseSchema).max(MAX_PHRASES),
  muted: z.array(z.string().min(1).max(80)).max(100),
  dismissals: z.record(z.string().max(80), z.number().int().min(0)),
});
export type MaterialitySettings = z.output<typeof materialitySettingsSchema>;

export const saveMaterialityInputSchema = materialitySettingsSchema.omit({ dismissals: true });
export type SaveMaterialityInput = z.output<typeof saveMaterialityInputSchema>;

export const dismissFilingInputSchema = z.object({ kind: z.string().trim().min(1).max(80) });

