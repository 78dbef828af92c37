"use client";

import { Bar, BarChart, CartesianGrid, XAxis, YAxis } from "recharts";
import { type ChartConfig, ChartContainer, ChartLegend, ChartLegendContent, ChartTooltip, ChartTooltipContent, chartColorVar } from "@/components/ui/chart";
import { formatCredits, formatNumber } from "@/lib/format/number";
import { formatIstDate, formatIstDayMonth, formatIstTime } from "@/lib/format/time";
import type { DeskSpend } from "@/lib/desk/usage";
import { endpointLabel, seriesColor } from "./endpoint-labels";


/** Credits spent per time bucket, stacked by endpoint. Fed data; it never fetches. */
export function SpendChart({ spend }: { spend: DeskSpend }) {
  const hourly = spend.granularity === "hour";
  // Most-spent endpoints first so the biggest series keep the strongest colours.
  const endpoints = Object.entries(spend.byEndpoint)
    .sort((a, b) => b[1] - a[1])
    .map(([id]) => id);
  const config: ChartConfig = Object.fromEntries(endpoints.map((id, i) => [id, { label: endpointLabel(id), color: seriesColor(i) }]));
  const data = spend.buckets.map((b) => ({ start: b.start, ...b.byEndpoint }));

  return (
    <ChartContainer config={config} className="aspect-auto h-72" data-testid="spend-chart" role="img" aria-label={`Credits spent per ${hourly ? "hour" : "day"} by endpoint`}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer>
        <CartesianGrid vertical={false} />
        <XAxis
          dataKey="start"
          tickLine={false}
          axisLine={false}
          tickMargin={8}
          minTickGap={16}
          tickFormatter={(v: string) => (hourly ? formatIstTime(v, { suffix: false }) : formatIstDayMonth(v))}
        />
        <YAxis tickLine={false} axisLine={false} width={48} allowDecimals={false} tickFormatter={(v: number) => formatNumber(v)} />
        <ChartTooltip
          cursor={{ fill: "var(--muted)" }}
          content={
            <ChartTooltipContent
              showTotal
              valueFormatter={(v) => formatCredits(v)}
              labelFormatter={(label) => (hourly ? `${formatIstDate(String(label))}, ${formatIstTime(String(label))}` : formatIstDate(String(label), { weekday: true }))}
            />
          }
        />
        <ChartLegend content={<ChartLegendContent />} />
        {endpoints.map((id, i) => (
          <Bar
            key={id}
            dataKey={id}
            stackId="spend"
            fill={`var(${chartColorVar(id)})`}
            radius={i === endpoints.length - 1 ? [3, 3, 0, 0] : 0}
            maxBarSize={hourly ? 18 : 36}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ChartContainer>
  );
}
