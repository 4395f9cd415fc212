import { Link, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import type { FormReply } from "~/lib/form-submission";
import { ConfirmKioskAction } from "./confirm-kiosk-action";

/** The group forms share one keyed fetcher, so the page that holds them shows their toasts. */
export const GROUP_FETCHER_KEY = "kiosk-group-action";

/** What can be done to a whole group at once: message its screens, unpair them, retire its kiosks. */
export function KioskGroupActions({ group }: { group: { id: string; name: string } }) {
  const fetcher = useFetcher<FormReply>({ key: GROUP_FETCHER_KEY });
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("id") === group.id;
  const post = (intent: "unpair" | "retire") =>
    void fetcher.submit({ intent, id: group.id }, { method: "post", action: "/admin/kiosks/groups" });
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button asChild size="sm" variant="outline">
        <Link to={`/admin/kiosks/messages?group=${group.id}`} aria-label={`Message ${group.name}`}>
          <Icon name="message-square-text" aria-hidden /> Message
        </Link>
      </Button>
      <ConfirmKioskAction
        label={`Unpair every screen in ${group.name}`}
        trigger="Unpair all"
        icon="x"
        title="Unpair every screen in this group?"
        description={`Unpair every screen in ${group.name}? They stop playing and go back to showing a pairing code.`}
        confirm="Unpair all"
        busy={busy}
        onConfirm={() => post("unpair")}
      />
      <ConfirmKioskAction
        label={`Retire every kiosk in ${group.name}`}
        trigger="Retire all"
        icon="trash"
        title="Retire every kiosk in this group?"
        description={`Retire every kiosk in ${group.name}? Their screens are unpaired and stop playing for good. Their plays are kept for the results.`}
        confirm="Retire all"
        busy={busy}
        onConfirm={() => post("retire")}
      />
    </div>
  );
}
