import { useId, useState } from "react";
import { Link, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import type { FormReply } from "~/lib/form-submission";
import { ConfirmKioskAction } from "./confirm-kiosk-action";
import { GROUP_FETCHER_KEY, KioskGroupActions } from "./kiosk-group-actions";

export { GROUP_FETCHER_KEY };

interface GroupCardProps {
  group: { id: string; name: string; kioskIds: string[]; adIds: string[] };
  kiosks: { id: string; label: string; hostName: string | null }[];
  ads: { id: string; title: string; businessName: string }[];
}

/**
 * One group: its name, its kiosks and the ads that target it (each a list of checkboxes saved as a whole), and what
 * can be done to all its screens at once.
 */
export function KioskGroupCard({ group, kiosks, ads }: GroupCardProps) {
  const titleId = useId();
  const fetcher = useFetcher<FormReply>({ key: GROUP_FETCHER_KEY });
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("id") === group.id;
  const [renaming, setRenaming] = useState(false);
  const members = kiosks.filter((kiosk) => group.kioskIds.includes(kiosk.id)).length;
  return (
    <article
      aria-labelledby={titleId}
      aria-busy={busy}
      className="h-full rounded-xl border bg-card p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        {renaming ? (
          <fetcher.Form
            method="post"
            action="/admin/kiosks/groups"
            className="flex min-w-0 flex-1 flex-wrap gap-2"
            onSubmit={() => setRenaming(false)}
          >
            <input type="hidden" name="intent" value="rename" />
            <input type="hidden" name="id" value={group.id} />
            <Input
              name="name"
              defaultValue={group.name}
              required
              maxLength={80}
              aria-label={`New name for ${group.name}`}
              className="min-w-0 flex-1"
            />
            <Button type="submit" size="sm">
              <Icon name="save" aria-hidden /> Save
            </Button>
          </fetcher.Form>
        ) : (
          <div className="min-w-0">
            <h2 id={titleId} className="text-lg font-bold break-words text-ink">
              {group.name}
            </h2>
            <p className="text-sm text-muted-foreground">
              {members === 1 ? "1 kiosk" : `${members} kiosks`} ·{" "}
              {group.adIds.length === 1 ? "1 ad targets it" : `${group.adIds.length} ads target it`}
            </p>
          </div>
        )}
        <div className="flex gap-2">
          <Button asChild size="sm" variant="outline">
            <Link to={`/admin/kiosks?group=${group.id}`} aria-label={`Show ${group.name} on the fleet page`}>
              <Icon name="monitor-play" aria-hidden /> Show
            </Link>
          </Button>
          {renaming ? null : (
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() => setRenaming(true)}
              aria-label={`Rename ${group.name}`}
            >
              <Icon name="pencil" aria-hidden /> Rename
            </Button>
          )}
        </div>
      </div>

      <PickList
        groupId={group.id}
        intent="members"
        field="kioskIds"
        legend="Kiosks"
        empty="No kiosks yet."
        picked={group.kioskIds}
        choices={kiosks.map((kiosk) => ({
          id: kiosk.id,
          label: kiosk.label,
          detail: kiosk.hostName,
        }))}
        save={`Save kiosks of ${group.name}`}
      />
      <PickList
        groupId={group.id}
        intent="ads"
        field="adIds"
        legend="Ads that target this group"
        hint="An ad targeting a group plays on its kiosks (and on any kiosk picked for it), whatever its radius."
        empty="No approved ads yet."
        picked={group.adIds}
        choices={ads.map((ad) => ({ id: ad.id, label: ad.title, detail: ad.businessName }))}
        save={`Save ads of ${group.name}`}
      />

      <div className="mt-4 flex flex-wrap items-center gap-2 border-t pt-4">
        <KioskGroupActions group={group} />
        <ConfirmKioskAction
          label={`Delete ${group.name}`}
          trigger="Delete"
          icon="trash"
          title="Delete this group?"
          description={`Delete ${group.name}? Its kiosks stay as they are; ads that targeted only this group play within their radius again.`}
          confirm="Delete"
          busy={busy}
          onConfirm={() =>
            void fetcher.submit(
              { intent: "delete", id: group.id },
              { method: "post", action: "/admin/kiosks/groups" },
            )
          }
          className="ml-auto"
        />
      </div>
    </article>
  );
}

function PickList({
  groupId,
  intent,
  field,
  legend,
  hint,
  empty,
  picked,
  choices,
  save,
}: {
  groupId: string;
  intent: "members" | "ads";
  field: "kioskIds" | "adIds";
  legend: string;
  hint?: string;
  empty: string;
  picked: string[];
  choices: { id: string; label: string; detail: string | null }[];
  save: string;
}) {
  const fetcher = useFetcher<FormReply>({ key: GROUP_FETCHER_KEY });
  return (
    <fetcher.Form method="post" action="/admin/kiosks/groups" className="mt-4">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={groupId} />
      <fieldset>
        <legend className="text-sm font-semibold text-ink">{legend}</legend>
        {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
        {choices.length === 0 ? (
          <p className="mt-1 text-sm text-muted-foreground">{empty}</p>
        ) : (
          <ul className="mt-2 max-h-48 space-y-1 overflow-y-auto rounded-md border p-2">
            {choices.map((choice) => (
              <li key={choice.id}>
                <label className="flex items-start gap-2 rounded p-1 text-sm hover:bg-secondary/60">
                  <input
                    type="checkbox"
                    name={field}
                    value={choice.id}
                    defaultChecked={picked.includes(choice.id)}
                    className="mt-0.5 size-4 accent-primary"
                  />
                  <span className="min-w-0 break-words">
                    {choice.label}
                    {choice.detail ? <span className="text-muted-foreground"> · {choice.detail}</span> : null}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      {choices.length === 0 ? null : (
        <Button type="submit" size="sm" variant="outline" className="mt-2" aria-label={save}>
          <Icon name="save" aria-hidden /> Save
        </Button>
      )}
    </fetcher.Form>
  );
}
