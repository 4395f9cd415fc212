import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Field, FieldError } from "~/components/ui/field";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import { DAY_NAMES, DAY_SHORT_NAMES } from "~/lib/ad-schedule";
import { AD_MAX_WINDOWS, type AdSchema } from "~/lib/ad-schemas";
import type { useValidatedForm } from "~/lib/use-validated-form";

/** The ad editor's Conform form and fields (useValidatedForm with AdSchema). */
type AdForm = ReturnType<typeof useValidatedForm<typeof AdSchema>>;

/**
 * The ad editor's "Only on certain days and hours" (docs/product.md#ads): off, the ad plays all day; on, up to
 * AD_MAX_WINDOWS windows of days and times, in the kiosk's own time zone. Windows are added and removed with
 * Conform's list intents, so it works before JavaScript loads too.
 */
export function ScheduleEditor({
  form,
  fields,
}: {
  form: AdForm[0];
  fields: Pick<AdForm[1], "scheduled" | "schedule">;
}) {
  const [scheduled, setScheduled] = useState(fields.scheduled.initialValue === "on");
  const windows = fields.schedule.getFieldList();
  return (
    <div className="space-y-3">
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          name={fields.scheduled.name}
          value="on"
          checked={scheduled}
          onChange={(event) => setScheduled(event.currentTarget.checked)}
          className="size-4 accent-primary"
        />
        Only on certain days and hours
      </label>
      <p className="text-xs text-muted-foreground">
        In the kiosk's own time zone. A window that ends before it starts runs past midnight.
      </p>
      {scheduled ? (
        <div className="space-y-3">
          {windows.map((window, index) => {
            const row = window.getFieldset();
            const days = (row.days.initialValue as string[] | string | undefined) ?? [];
            const checked = new Set(Array.isArray(days) ? days : [days]);
            return (
              <div key={window.key} className="rounded-lg border bg-card p-3" data-testid="schedule-window">
                <fieldset>
                  <legend className="sr-only">Window {index + 1} days</legend>
                  <div className="flex flex-wrap gap-1.5">
                    {DAY_SHORT_NAMES.map((name, day) => (
                      <label
                        key={name}
                        className="flex cursor-pointer items-center rounded-md border px-2 py-1 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-primary-foreground has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
                      >
                        <input
                          type="checkbox"
                          name={row.days.name}
                          value={String(day)}
                          defaultChecked={checked.has(String(day))}
                          className="sr-only"
                          aria-label={DAY_NAMES[day]}
                        />
                        {name}
                      </label>
                    ))}
                  </div>
                  <FieldError id={`${row.days.id}-error`} errors={row.days.errors} className="mt-1" />
                </fieldset>
                <div className="mt-3 flex flex-wrap items-end gap-3">
                  <Field field={row.start} label="From" className="w-32">
                    <Input type="time" />
                  </Field>
                  <Field field={row.end} label="Until" className="w-32">
                    <Input type="time" />
                  </Field>
                  {windows.length > 1 ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      {...form.remove.getButtonProps({ name: fields.schedule.name, index })}
                      aria-label={`Remove window ${index + 1}`}
                    >
                      <Icon name="trash" aria-hidden /> Remove
                    </Button>
                  ) : null}
                </div>
              </div>
            );
          })}
          {windows.length < AD_MAX_WINDOWS ? (
            <Button
              variant="outline"
              size="sm"
              {...form.insert.getButtonProps({
                name: fields.schedule.name,
                defaultValue: { days: ["6"], start: "10:00", end: "14:00" },
              })}
            >
              <Icon name="plus" aria-hidden /> Add a window
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
