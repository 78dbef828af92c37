"use client";

import * as React from "react";
import { Legend, ResponsiveContainer, Tooltip } from "recharts";
import { cn } from "@/lib/utils";

/**
 * The one chart wrapper: a config maps each data key to its label and colour; ChartContainer exposes each
 * colour as `--color-<key>` so series use `fill="var(--color-<key>)"`, and colours follow the theme through
 * the CSS chart variables (`var(--chart-1)` ...).
 */
export type ChartConfig = Record<string, { label: React.ReactNode; color: string; icon?: React.ComponentType<{ className?: string }> }>;

const ChartContext = React.createContext<ChartConfig | null>(null);

export function useChartConfig(): ChartConfig {
  const config = React.useContext(ChartContext);
  if (!config) throw new Error("useChartConfig must be used inside <ChartContainer>");
  return config;
}

/** A CSS custom property name must not hold characters such as dots or spaces. */
export function chartColorVar(key: string): string {
  return `--color-${key.replace(/[^a-zA-Z0-9_-]/g, "_")}`;
}

export function ChartContainer({
  config,
  className,
  children,
  style,
  ...props
}: Omit<React.ComponentProps<"div">, "children"> & { config: ChartConfig; children: React.ReactElement }) {
  const vars = React.useMemo(() => {
    const out: Record<string, string> = {};
    for (const [key, item] of Object.entries(config)) out[chartColorVar(key)] = item.color;
    return out;
  }, [config]);
  return (
    <ChartContext.Provider value={config}>
      <div
        data-slot="chart"
        className={cn(
          "flex aspect-video w-full justify-center text-xs [&_.recharts-cartesian-axis-tick_text]:fill-muted-foreground [&_.recharts-cartesian-grid_line[stroke='#ccc']]:stroke-border/60 [&_.recharts-rectangle.recharts-tooltip-cursor]:fill-muted [&_.recharts-surface]:outline-hidden",
          className,
        )}
        style={{ ...vars, ...style }}
        {...props}
      >
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 600, height: 240 }}>
          {children}
        </ResponsiveContainer>
      </div>
    </ChartContext.Provider>
  );
}

export const ChartTooltip = Tooltip;
export const ChartLegend = Legend;

interface TooltipEntry {
  dataKey?: unknown;
  name?: unknown;
  value?: unknown;
  color?: string;
}

/** A series' colour swatch and label, from the config (Recharts' own colour where the config has no entry). */
function SeriesKey({ config, seriesKey, color }: { config: ChartConfig; seriesKey: string; color?: string }) {
  const item = config[seriesKey];
  return (
    <>
      <span aria-hidden className="size-2.5 shrink-0 rounded-[2px]" style={{ background: item?.color ?? color }} />
      <span className="text-muted-foreground">{item?.label ?? seriesKey}</span>
    </>
  );
}

/** Recharts clones this element with `active`, `payload` and `label`; the rest are ours. */
export function ChartTooltipContent({
  active,
  payload,
  label,
  labelFormatter,
  valueFormatter = (v) => String(v),
  hideZero = true,
  showTotal = false,
  className,
}: {
  active?: boolean;
  payload?: ReadonlyArray<TooltipEntry>;
  label?: unknown;
  labelFormatter?: (label: unknown) => React.ReactNode;
  valueFormatter?: (value: number) => React.ReactNode;
  hideZero?: boolean;
  showTotal?: boolean;
  className?: string;
}) {
  const config = useChartConfig();
  if (!active || !payload?.length) return null;
  const rows = payload.filter((p) => !(hideZero && Number(p.value) === 0));
  const total = payload.reduce((sum, p) => sum + (Number(p.value) || 0), 0);
  return (
    <div className={cn("grid min-w-[10rem] gap-1.5 rounded-lg border bg-card px-2.5 py-1.5 text-xs text-card-foreground shadow-xl", className)}>
      <div className="font-medium">{labelFormatter ? labelFormatter(label) : String(label ?? "")}</div>
      <div className="grid gap-1">
        {rows.map((p) => {
          const key = String(p.dataKey ?? p.name ?? "");
          return (
            <div key={key} className="flex items-center gap-2">
              <SeriesKey config={config} seriesKey={key} color={p.color} />
              <span className="ml-auto font-mono font-medium tabular-nums">{valueFormatter(Number(p.value) || 0)}</span>
            </div>
          );
        })}
        {rows.length === 0 && <div className="text-muted-foreground">Nothing</div>}
      </div>
      {showTotal && rows.length > 1 && (
        <div className="flex items-center justify-between border-t pt-1 font-medium">
          <span>Total</span>
          <span className="font-mono tabular-nums">{valueFormatter(total)}</span>
        </div>
      )}
    </div>
  );
}

/** Recharts clones this element with `payload` (one entry per series). */
export function ChartLegendContent({ payload, className }: { payload?: ReadonlyArray<{ dataKey?: unknown; value?: unknown; color?: string }>; className?: string }) {
  const config = useChartConfig();
  if (!payload?.length) return null;
  return (
    <ul className={cn("flex flex-wrap items-center justify-center gap-x-4 gap-y-1 pt-3", className)}>
      {payload.map((p) => {
        const key = String(p.dataKey ?? p.value ?? "");
        return (
          <li key={key} className="flex items-center gap-1.5">
            <SeriesKey config={config} seriesKey={key} color={p.color} />
          </li>
        );
      })}
    </ul>
  );
}
