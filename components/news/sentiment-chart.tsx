"use client";

import { Bar, BarChart, CartesianGrid, XAxis, YAxis } from "recharts";
import { type ChartConfig, ChartContainer, ChartLegend, ChartLegendContent, ChartTooltip, ChartTooltipContent } from "@/components/ui/chart";
import { istDateToInstant } from "@/lib/alpha/time";
import { formatNumber } from "@/lib/format/number";
import { formatIstDate, formatIstDayMonth } from "@/lib/format/time";
import type { SentimentDay } from "./news-model";

const config: ChartConfig = {
  positive: { label: "Positive", color: "var(--positive)" },
  neutral: { label: "Neutral", color: "var(--neutral)" },
  negative: { label: "Negative", color: "var(--negative)" },
};
const KEYS = ["positive", "neutral", "negative"] as const;
const dayLabel = (day: string) => formatIstDayMonth(istDateToInstant(day));

/** Articles per IST day, stacked by sentiment. Fed data; it never fetches. */
export function SentimentChart({ days }: { days: SentimentDay[] }) {
  return (
    <ChartContainer config={config} className="aspect-auto h-56" data-testid="sentiment-chart" role="img" aria-label="News articles per day by sentiment">
      <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer>
        <CartesianGrid vertical={false} />
        <XAxis dataKey="day" tickLine={false} axisLine={false} tickMargin={8} minTickGap={12} tickFormatter={dayLabel} />
        <YAxis tickLine={false} axisLine={false} width={32} allowDecimals={false} tickFormatter={(v: number) => formatNumber(v)} />
        <ChartTooltip
          cursor={{ fill: "var(--muted)" }}
          content={<ChartTooltipContent showTotal hideZero={false} valueFormatter={(v) => `${formatNumber(v)} ${v === 1 ? "article" : "articles"}`} labelFormatter={(label) => formatIstDate(istDateToInstant(String(label)), { weekday: true })} />}
        />
        <ChartLegend content={<ChartLegendContent />} />
        {KEYS.map((key, i) => (
          <Bar key={key} dataKey={key} stackId="mix" fill={`var(--color-${key})`} radius={i === KEYS.length - 1 ? [3, 3, 0, 0] : 0} maxBarSize={40} isAnimationActive={false} />
        ))}
      </BarChart>
    </ChartContainer>
  );
}
