import { parseArgs, type ParseArgsConfig } from "node:util";

type Options = NonNullable<ParseArgsConfig["options"]>;

/**
 * A bench's command line: its numbers with their defaults (`--clients 400`), each read as a number and refused when it
 * is not one, and any other options as `parseArgs` takes them (in `values`).
 */
export function benchArgs<N extends Record<string, number>, O extends Options = Record<never, never>>(numbers: N, other?: O) {
  const numberOptions = Object.fromEntries(Object.entries(numbers).map(([name, value]) => [name, { type: "string" as const, default: String(value) }]));
  const { values } = parseArgs({ options: { ...other, ...numberOptions } });
  const read = Object.fromEntries(
    Object.keys(numbers).map((name) => {
      const value = Number(values[name]);
      if (!Number.isFinite(value)) throw new Error(`--${name} takes a number, not "${String(values[name])}"`);
      return [name, value];
    }),
  ) as { [K in keyof N]: number };
  return { ...read, values: values as ReturnType<typeof parseArgs<{ options: O }>>["values"] };
}
