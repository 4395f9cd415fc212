import { Link, redirect } from "react-router";
import type { Route } from "./+types/kiosk-groups";
import { KioskGroupCard, GROUP_FETCHER_KEY } from "~/components/admin/kiosk-group-card";
import { NewGroupForm } from "~/components/admin/new-group-form";
import { DashboardHeader } from "~/components/layout/dashboard-header";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { GROUP_TOASTS, GroupActionSchema } from "~/lib/kiosk-group-schemas";
import { useFetcherReplyToast } from "~/lib/use-reply-toast";
import { dialogAction } from "~/.server/actions/dialog-action";
import { formReply } from "~/.server/actions/form-actions";
import { requireAdmin } from "~/.server/auth/guards";
import { listAdPickChoices, listKiosks } from "~/.server/kiosks/admin-kiosks";
import {
  createGroup,
  deleteGroup,
  listGroups,
  renameGroup,
  retireGroup,
  setGroupAds,
  setGroupMembers,
  unpairGroup,
} from "~/.server/kiosks/groups";
import { kioskRuntime } from "~/.server/kiosks/runtime";
import { getServicesFrom } from "~/.server/services";

export const meta: Route.MetaFunction = () => [
  { title: "Screen groups | Local Shine" },
  { name: "description", content: "Named groups of kiosks: their screens, the ads that target them." },
  { name: "robots", content: "noindex" },
];

/** Admins only: signed-out visitors go to /signin, everyone else to /dashboard. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireAdmin(request, context);
  const { db } = getServicesFrom(context);
  const [groups, fleet, ads] = await Promise.all([
    listGroups(db, viewer),
    listKiosks(db, viewer),
    listAdPickChoices(db, viewer),
  ]);
  if (!groups.ok || !fleet.ok || !ads.ok) throw redirect("/dashboard");
  return {
    groups: groups.groups,
    kiosks: fleet.kiosks
      .filter((kiosk) => !kiosk.retiredAt)
      .map(({ id, label, hostName }) => ({ id, label, hostName })),
    ads: ads.ads.map(({ id, title, businessName }) => ({ id, title, businessName })),
  };
}

/**
 * Every form of the page, told apart by `intent`; the domain functions refuse anyone but an admin. A change that
 * moves what screens play is read again at once by this process's catalog (other processes within seconds).
 */
export function action(args: Route.ActionArgs) {
  return dialogAction(args, {
    schema: GroupActionSchema,
    failed: GROUP_TOASTS.failed,
    async act(input, { viewer, services, log }) {
      const { db } = services;
      const result =
        input.intent === "create"
          ? await createGroup(db, viewer, input.name)
          : input.intent === "rename"
            ? await renameGroup(db, viewer, input.id, input.name)
            : input.intent === "delete"
              ? await deleteGroup(db, viewer, input.id)
              : input.intent === "members"
                ? await setGroupMembers(db, viewer, input.id, input.kioskIds)
                : input.intent === "ads"
                  ? await setGroupAds(db, viewer, input.id, input.adIds)
                  : input.intent === "unpair"
                    ? await unpairGroup(db, viewer, input.id)
                    : await retireGroup(db, viewer, input.id);
      if (!result.ok) {
        log.info(
          { userId: viewer.id, intent: input.intent, status: result.status },
          "kiosk group change refused",
        );
        const toast = result.status === 409 ? GROUP_TOASTS.nameTaken : GROUP_TOASTS.failed;
        return formReply({ ok: false, toast }, result.status);
      }
      kioskRuntime(services).catalog.invalidate();
      const id = "id" in result ? result.id : "id" in input ? input.id : undefined;
      log.info({ userId: viewer.id, intent: input.intent, groupId: id }, "kiosk group changed");
      const toasts = {
        create: GROUP_TOASTS.created,
        rename: GROUP_TOASTS.renamed,
        delete: GROUP_TOASTS.deleted,
        members: GROUP_TOASTS.members,
        ads: GROUP_TOASTS.ads,
        unpair: GROUP_TOASTS.unpaired,
        retire: GROUP_TOASTS.retired,
      } as const;
      return formReply(
        { ok: true, intent: input.intent, id, toast: toasts[input.intent] },
        input.intent === "create" ? 201 : 200,
      );
    },
  });
}

export default function KioskGroupsPage({ loaderData }: Route.ComponentProps) {
  const { groups, kiosks, ads } = loaderData;
  useFetcherReplyToast(GROUP_FETCHER_KEY);
  return (
    <>
      <DashboardHeader
        eyebrow="Admin"
        title="Screen groups"
        description="Name a set of screens (an area, a kind of shop, a chain) to target ads at them, filter the fleet by them, and send them a message."
        actions={
          <>
            <Button asChild variant="outline">
              <Link to="/admin/kiosks">
                <Icon name="monitor-play" aria-hidden /> Kiosks
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/admin/kiosks/messages">
                <Icon name="megaphone" aria-hidden /> Messages
              </Link>
            </Button>
          </>
        }
      />
      <section className="container-page space-y-6 py-10" aria-label="Screen groups">
        <NewGroupForm />
        {groups.length === 0 ? (
          <p className="rounded-xl border border-dashed p-8 text-center text-sm text-muted-foreground">
            No groups yet. Add one, then tick its kiosks.
          </p>
        ) : (
          <ul className="grid gap-4 lg:grid-cols-2">
            {groups.map((group) => (
              <li key={group.id}>
                <KioskGroupCard group={group} kiosks={kiosks} ads={ads} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
