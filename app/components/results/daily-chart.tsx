import type { ResultsDay } from "~/lib/results";

export interface ChartSeries {
  key: keyof Omit<ResultsDay, "day">;
  label: string;
  /** A fill class from the theme, e.g. "fill-primary". */
  className: string;
  swatchClassName: string;
}

/**
 * Two drawings of the same chart, each for the width it is shown at, so that its labels read at about 11 px: the
 * SVG scales with its box, and one drawing 720 units wide shown 300 px wide on a phone made 11-unit text 4.6 px.
 */
const LAYOUTS = {
  phone: {
    width: 320,
    height: 200,
    fontSize: 12,
    labels: 4,
    pad: { top: 12, right: 6, bottom: 26, left: 34 },
  },
  desk: {
    width: 720,
    height: 220,
    fontSize: 14,
    labels: 7,
    pad: { top: 12, right: 8, bottom: 28, left: 44 },
  },
} as const;
type Layout = (typeof LAYOUTS)[keyof typeof LAYOUTS];

/** A rounded-up axis maximum: 1, 2, 5 × a power of ten. */
function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (value <= step * power) return step * power;
  return 10 * power;
}

const shortDate = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });

/**
 * A bar chart by day, drawn as SVG on the server: no chart library, nothing to load. Grouped bars, one per series;
 * the numbers themselves are in the table below it and in the CSV.
 */
export function DailyChart({
  days,
  series,
  title,
}: {
  days: ResultsDay[];
  series: ChartSeries[];
  title: string;
}) {
  const max = niceMax(Math.max(0, ...days.flatMap((day) => series.map((each) => day[each.key]))));
  const total = (key: ChartSeries["key"]) => days.reduce((sum, day) => sum + day[key], 0);
  const summary = series
    .map((each) => `${each.label}: ${total(each.key).toLocaleString("en-US")}`)
    .join("; ");
  const label = `${title}, ${shortDate(days[0]!.day)} to ${shortDate(days.at(-1)!.day)}. ${summary}.`;
  return (
    <figure className="rounded-2xl border bg-card p-4 shadow-sm">
      <figcaption className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold text-ink">{title}</span>
        <span className="flex flex-wrap gap-3 text-xs text-muted-foreground">
          {series.map((each) => (
            <span key={each.key} className="inline-flex items-center gap-1.5">
              <span
                aria-hidden="true"
                className={`inline-block size-2.5 rounded-sm ${each.swatchClassName}`}
              />
              {each.label}
            </span>
          ))}
        </span>
      </figcaption>
      <ChartDrawing layout={LAYOUTS.phone} className="sm:hidden" {...{ days, series, max, label }} />
      <ChartDrawing layout={LAYOUTS.desk} className="hidden sm:block" {...{ days, series, max, label }} />
    </figure>
  );
}

function ChartDrawing({
  layout,
  className,
  days,
  series,
  max,
  label,
}: {
  layout: Layout;
  className: string;
  days: ResultsDay[];
  series: ChartSeries[];
  max: number;
  label: string;
}) {
  const { width: WIDTH, height: HEIGHT, pad: PAD, fontSize } = layout;
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, days.length);
  const barW = Math.max(1, (slot * 0.8) / series.length);
  const labelEvery = Math.ceil(days.length / layout.labels);
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className={`mt-3 h-auto w-full ${className}`}
      role="img"
      aria-label={label}
    >
      {[0, 0.5, 1].map((fraction) => {
        const y = PAD.top + plotH * (1 - fraction);
        return (
          <g key={fraction}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y}
              y2={y}
              className="stroke-border"
              strokeWidth={1}
            />
            <text
              x={PAD.left - 6}
              y={y + fontSize / 3}
              textAnchor="end"
              className="fill-muted-foreground"
              fontSize={fontSize}
            >
              {(max * fraction).toLocaleString("en-US", { maximumFractionDigits: 1 })}
            </text>
          </g>
        );
      })}
      {days.map((day, index) => {
        const x0 = PAD.left + index * slot + slot * 0.1;
        return (
          <g key={day.day}>
            {series.map((each, s) => {
              const value = day[each.key];
              const h = (value / max) * plotH;
              return (
                <rect
                  key={each.key}
                  x={x0 + s * barW}
                  y={PAD.top + plotH - h}
                  width={barW}
                  height={h}
                  rx={Math.min(2, barW / 3)}
                  className={each.className}
                >
                  <title>{`${shortDate(day.day)}: ${value.toLocaleString("en-US")} ${each.label.toLowerCase()}`}</title>
                </rect>
              );
            })}
            {index % labelEvery === 0 ? (
              <text
                x={PAD.left + index * slot + slot / 2}
                y={HEIGHT - fontSize / 2}
                textAnchor="middle"
                className="fill-muted-foreground"
                fontSize={fontSize}
              >
                {shortDate(day.day)}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}
