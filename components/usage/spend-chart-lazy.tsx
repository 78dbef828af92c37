"use client";

import dynamic from "next/dynamic";
import { SpendChartSkeleton } from "./spend-chart-skeleton";

/** Recharts is the heaviest module of the desk: it loads after the page, never as part of its first load. */
export const SpendChartLazy = dynamic(() => import("./spend-chart").then((m) => m.SpendChart), {
  ssr: false,
  loading: () => <SpendChartSkeleton />,
});
