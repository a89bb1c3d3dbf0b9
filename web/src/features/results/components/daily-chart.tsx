import type { AnalyticsSummaryResponse } from "@rebound/contracts/domain";
import { Bar, CartesianGrid, ComposedChart, DefaultLegendContent, Legend, Line, ReferenceArea, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { brand } from "@/theme";
import { shortDay } from "../lib/results-display";

const SERIES = [
  { key: "calls", name: "Calls", color: "#64748b", kind: "bar" },
  { key: "missed", name: "Missed calls", color: brand.accent, kind: "bar" },
  { key: "texted", name: "Texts sent", color: brand.primary, kind: "line" },
  { key: "delivered", name: "Delivered", color: brand.success, kind: "line" },
] as const;

/** The silent period's shading (issue 28): the danger colour, light enough for the bars to show through. */
const SILENT_FILL = brand.danger;
/** The legend's square: the shading's tint, so the two read as one. */
const SILENT_SWATCH = "#eaa9a3";
const SILENT_LABEL = "No forwarded calls";

/**
 * 30 days of calls, missed calls, texts sent and delivered (recharts; this module loads lazily).
 * `silent`: the days (series dates) forwarding has been silent, shaded and named in the legend.
 */
export default function DailyChart({ daily, silent }: { daily: AnalyticsSummaryResponse["daily"]; silent?: { from: string; to: string } | null }) {
  const data = daily.map((day) => ({ ...day, label: shortDay(day.date) }));
  return (
    <div className="rb-chart" data-testid="daily-chart">
      <ResponsiveContainer width="100%" height={280}>
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -20 }}>
          <CartesianGrid stroke={brand.border} vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12, fill: brand.muted }} interval="preserveStartEnd" minTickGap={16} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: brand.muted }} />
          <Tooltip />
          <Legend
            wrapperStyle={{ fontSize: 13 }}
            formatter={(value: string) => <span className="rb-chart__legend">{value}</span>}
            content={(props) => (
              <DefaultLegendContent
                {...props}
                payload={silent ? [...(props.payload ?? []), { value: SILENT_LABEL, type: "rect", color: SILENT_SWATCH }] : props.payload}
              />
            )}
          />
          {silent ? (
            <ReferenceArea
              x1={shortDay(silent.from)}
              x2={shortDay(silent.to)}
              fill={SILENT_FILL}
              fillOpacity={0.1}
              stroke={SILENT_FILL}
              strokeOpacity={0.35}
              strokeDasharray="4 3"
              ifOverflow="extendDomain"
            />
          ) : null}
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
