import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import {
  emptyWeek,
  isOpenAllDay,
  MAX_SPANS_PER_DAY,
  OPEN_ALL_DAY,
  WEEK_DAYS,
  type DayKey,
  type WeeklyHours,
} from "~/lib/opening-hours";

/**
 * Weekly opening hours in the listing dialog (docs/product.md#opening-hours): per day, typed opening and closing
 * times (several spans; a closing time before the opening runs past midnight), "Closed" or "Open 24 hours". The
 * week travels as one JSON field, `hours`; leaving every day untouched sends nothing (hours not given).
 */
export function HoursEditor({ initial, error }: { initial: WeeklyHours | null; error?: string }) {
  const [hours, setHours] = useState<WeeklyHours | null>(initial);
  const week = hours ?? emptyWeek();
  const update = (day: DayKey, spans: WeeklyHours[DayKey]) => setHours({ ...week, [day]: spans });

  return (
    <fieldset className="space-y-3 sm:col-span-2" aria-describedby={error ? "hours-error" : undefined}>
      <legend className="text-sm font-medium">Weekly hours</legend>
      <p className="text-xs text-muted-foreground">
        Times are your business&apos;s local time. A closing time earlier than the opening time runs past
        midnight.
      </p>
      <input type="hidden" name="hours" value={hours ? JSON.stringify(hours) : ""} />
      {hours === null ? (
        <Button type="button" variant="outline" size="sm" onClick={() => setHours(emptyWeek())}>
          <Icon name="clock" aria-hidden /> Add opening hours
        </Button>
      ) : (
        <ul className="space-y-2">
          {WEEK_DAYS.map((day) => {
            const spans = week[day.key];
            const allDay = isOpenAllDay(spans);
            return (
              <li key={day.key} className="flex flex-wrap items-center gap-2 rounded-lg border p-2">
                <span className="w-24 text-sm font-medium">{day.label}</span>
                <label className="flex items-center gap-1 text-sm">
                  <input
                    type="checkbox"
                    checked={allDay}
                    onChange={(event) => update(day.key, event.target.checked ? [OPEN_ALL_DAY] : [])}
                  />
                  Open 24 hours
                </label>
                {!allDay && spans.length === 0 ? (
                  <span className="text-sm text-muted-foreground">Closed</span>
                ) : null}
                {!allDay
                  ? spans.map((span, index) => (
                      <span key={index} className="flex items-center gap-1">
                        <Input
                          type="time"
                          aria-label={`${day.label} opens (span ${index + 1})`}
                          className="h-9 w-28"
                          value={span.opens}
                          onChange={(event) =>
                            update(
                              day.key,
                              spans.map((s, i) => (i === index ? { ...s, opens: event.target.value } : s)),
                            )
                          }
                        />
                        <span aria-hidden>–</span>
                        <Input
                          type="time"
                          aria-label={`${day.label} closes (span ${index + 1})`}
                          className="h-9 w-28"
                          value={span.closes === "24:00" ? "00:00" : span.closes}
                          onChange={(event) =>
                            update(
                              day.key,
                              spans.map((s, i) => (i === index ? { ...s, closes: event.target.value } : s)),
                            )
                          }
                        />
                        <Button
                          type="button"
                          variant="ghost"
                          size="icon"
                          className="size-8"
                          aria-label={`Remove ${day.label} span ${index + 1}`}
                          onClick={() =>
                            update(
                              day.key,
                              spans.filter((_, i) => i !== index),
                            )
                          }
                        >
                          <Icon name="x" aria-hidden />
                        </Button>
                      </span>
                    ))
                  : null}
                {!allDay && spans.length < MAX_SPANS_PER_DAY ? (
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    aria-label={`Add ${day.label} hours`}
                    onClick={() => update(day.key, [...spans, { opens: "09:00", closes: "17:00" }])}
                  >
                    <Icon name="plus" aria-hidden /> Hours
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {hours !== null ? (
        <Button type="button" variant="ghost" size="sm" onClick={() => setHours(null)}>
          Remove opening hours
        </Button>
      ) : null}
      {error ? (
        <p id="hours-error" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
