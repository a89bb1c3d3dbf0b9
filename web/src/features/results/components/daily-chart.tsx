import type { AnalyticsSummaryResponse } from "@rebound/contracts/domain";
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { brand } from "@/theme";
import { shortDay } from "../lib/results-display";

const SERIES = [
  { key: "calls", name: "Calls", color: "#64748b", kind: "bar" },
  { key: "missed", name: "Missed calls", color: brand.accent, kind: "bar" },
  { key: "texted", name: "Texts sent", color: brand.primary, kind: "line" },
  { key: "delivered", name: "Delivered", color: brand.success, kind: "line" },
] as const;

/** 30 days of calls, missed calls, texts sent and delivered (recharts; this module loads lazily). */
export default function DailyChart({ daily }: { daily: AnalyticsSummaryResponse["daily"] }) {
  const data = daily.map((day) => ({ ...day, label: shortDay(day.date) }));
  return (
    <div className="rb-chart" data-testid="daily-chart">
      <ResponsiveContainer width="100%" height={280}>
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -20 }}>
          <CartesianGrid stroke={brand.border} vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12, fill: brand.muted }} interval="preserveStartEnd" minTickGap={16} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: brand.muted }} />
          <Tooltip />
          <Legend wrapperStyle={{ fontSize: 13 }} formatter={(value: string) => <span className="rb-chart__legend">{value}</span>} />
          {SERIES.map((series) =>
            series.kind === "bar" ? (
              <Bar
                key={series.key}
                dataKey={series.key}
                name={series.name}
                fill={series.color}
                radius={[3, 3, 0, 0]}
                maxBarSize={14}
                isAnimationActive={false}
              />
            ) : (
              <Line
                key={series.key}
                dataKey={series.key}
                name={series.name}
                stroke={series.color}
                strokeWidth={2}
                dot={false}
                type="monotone"
                isAnimationActive={false}
              />
            ),
          )}
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
