import { useFetcher } from "react-router";
import { Checkbox } from "~/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Label } from "~/components/ui/label";
import type { FormReply } from "~/lib/form-submission";
import type { AdminKiosk } from "~/lib/kiosk-schemas";

export interface AdPick {
  id: string;
  title: string;
  businessName: string;
  pickedKioskIds: string[];
  /** The kiosks it reaches through the screen groups it targets. */
  groupKioskIds: string[];
}

/**
 * Picked ads for one kiosk: each approved ad with a checkbox. An ad with any picked kiosk plays on exactly the picked
 * kiosks, whatever its radius (docs/product.md#kiosks, "What a kiosk plays").
 */
export function KioskAdsDialog({
  kiosk,
  ads,
  fetcherKey,
  onClose,
}: {
  kiosk: AdminKiosk | null;
  ads: AdPick[];
  /** The page's shared fetcher, whose replies it shows as toasts. */
  fetcherKey: string;
  onClose: () => void;
}) {
  const fetcher = useFetcher<FormReply>({ key: fetcherKey });
  const pending = fetcher.state !== "idle" ? fetcher.formData : undefined;
  return (
    <Dialog open={kiosk !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Picked ads{kiosk ? ` for ${kiosk.label}` : ""}</DialogTitle>
          <DialogDescription>
            An ad picked for any kiosk plays only on the kiosks picked for it, whatever its radius. Ads no one
            picked play on the kiosks within their radius.
          </DialogDescription>
        </DialogHeader>
        {ads.length === 0 ? (
          <p className="text-sm text-muted-foreground">No approved ads yet.</p>
        ) : (
          <ul className="max-h-[60vh] space-y-1 overflow-y-auto">
            {kiosk
              ? ads.map((ad) => {
                  const sending =
                    pending?.get("adId") === ad.id ? pending.get("picked") === "true" : undefined;
                  const picked = sending ?? ad.pickedKioskIds.includes(kiosk.id);
                  const others = ad.pickedKioskIds.filter((id) => id !== kiosk.id).length;
                  const inputId = `pick-${ad.id}`;
                  return (
                    <li key={ad.id} className="flex items-start gap-3 rounded-md p-2 hover:bg-secondary/60">
                      <Checkbox
                        id={inputId}
                        checked={picked}
                        disabled={sending !== undefined}
                        onCheckedChange={(checked) =>
                          void fetcher.submit(
                            { intent: "pick", id: kiosk.id, adId: ad.id, picked: String(checked === true) },
                            { method: "post", action: "/admin/kiosks" },
                          )
                        }
                      />
                      <Label htmlFor={inputId} className="block cursor-pointer font-normal">
                        <span className="font-semibold text-ink">{ad.title}</span>
                        <span className="block text-xs text-muted-foreground">
                          {ad.businessName}
                          {others > 0
                            ? ` · also picked for ${others === 1 ? "1 other kiosk" : `${others} other kiosks`}`
                            : ""}
                        </span>
                      </Label>
                    </li>
                  );
                })
              : null}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
