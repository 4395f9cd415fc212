import { useId } from "react";
import { useFetcher } from "react-router";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import type { FormReply } from "~/lib/form-submission";
import type { AdminKiosk } from "~/lib/kiosk-schemas";

// A kiosk card's opening-hours line and its "Always on" switch (docs/product.md#sleep-outside-opening-hours).

/** What the card says about when the screen is dark. */
function describeHours(kiosk: AdminKiosk): string {
  if (kiosk.alwaysOn) return "Always on, whatever the host's hours";
  if (!kiosk.hostHasHours) return "Always on (its host gave no opening hours)";
  return "Dark outside its host's opening hours";
}

/** The "Hours" row of a kiosk card's details: a `dt` and a `dd`, with the switch (not on a retired kiosk). */
export function KioskHoursRow({ kiosk, fetcherKey }: { kiosk: AdminKiosk; fetcherKey: string }) {
  const switchId = useId();
  const fetcher = useFetcher<FormReply>({ key: fetcherKey });
  const pending = fetcher.state !== "idle" && fetcher.formData?.get("id") === kiosk.id;
  const alwaysOn = pending ? fetcher.formData?.get("alwaysOn") === "true" : kiosk.alwaysOn;
  return (
    <>
      <dt className="font-medium text-muted-foreground">Hours</dt>
      <dd className="min-w-0 space-y-1" data-testid="kiosk-hours">
        <p>{describeHours({ ...kiosk, alwaysOn })}</p>
        {kiosk.retiredAt ? null : (
          <div className="flex items-center gap-2">
            <Switch
              id={switchId}
              checked={alwaysOn}
              disabled={pending}
              aria-label={`Always on: ${kiosk.label}`}
              onCheckedChange={(next) =>
                void fetcher.submit(
                  { intent: "always-on", id: kiosk.id, alwaysOn: String(next) },
                  { method: "post", action: "/admin/kiosks" },
                )
              }
            />
            <Label htmlFor={switchId} className="cursor-pointer font-normal">
              Always on
            </Label>
          </div>
        )}
      </dd>
    </>
  );
}
