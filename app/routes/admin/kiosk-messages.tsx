import { Link, redirect } from "react-router";
import type { Route } from "./+types/kiosk-messages";
import { TakeoverForm, TAKEOVER_FETCHER_KEY } from "~/components/admin/takeover-form";
import { TakeoverList } from "~/components/admin/takeover-list";
import { DashboardHeader } from "~/components/layout/dashboard-header";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { GROUP_TOASTS, TakeoverActionSchema } from "~/lib/kiosk-group-schemas";
import { useFetcherReplyToast } from "~/lib/use-reply-toast";
import { dialogAction } from "~/.server/actions/dialog-action";
import { formReply } from "~/.server/actions/form-actions";
import { requireAdmin } from "~/.server/auth/guards";
import { listGroups } from "~/.server/kiosks/groups";
import { kioskRuntime } from "~/.server/kiosks/runtime";
import {
  clearTakeover,
  listTakeoverImages,
  listTakeovers,
  publishTakeover,
} from "~/.server/kiosks/takeovers";
import { getServicesFrom } from "~/.server/services";

export const meta: Route.MetaFunction = () => [
  { title: "Screen messages | Local Shine" },
  { name: "description", content: "Priority messages that take over the kiosk screens." },
  { name: "robots", content: "noindex" },
];

/** Admins only: signed-out visitors go to /signin, everyone else to /dashboard. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireAdmin(request, context);
  const { db, env } = getServicesFrom(context);
  const [takeovers, groups, images] = await Promise.all([
    listTakeovers(db, viewer),
    listGroups(db, viewer),
    listTakeoverImages(db, viewer),
  ]);
  if (!takeovers.ok || !groups.ok || !images.ok) throw redirect("/dashboard");
  const group = new URL(request.url).searchParams.get("group");
  return {
    takeovers: takeovers.takeovers,
    groups: groups.groups.map(({ id, name, kioskIds }) => ({ id, name, kiosks: kioskIds.length })),
    images: images.images,
    preselectedGroup: groups.groups.some((known) => known.id === group) ? group : null,
    timeZone: env.SITE_TIMEZONE,
  };
}

/** Publish a message, or clear one; the domain functions refuse anyone but an admin. */
export function action(args: Route.ActionArgs) {
  return dialogAction(args, {
    schema: TakeoverActionSchema,
    failed: GROUP_TOASTS.publishFailed,
    async act(input, { viewer, services, log }) {
      const { db, env } = services;
      if (input.intent === "clear") {
        const result = await clearTakeover(db, viewer, input.id);
        if (!result.ok) return formReply({ ok: false, toast: GROUP_TOASTS.failed }, result.status);
        kioskRuntime(services).catalog.invalidate();
        log.info({ userId: viewer.id, takeoverId: input.id }, "screen message cleared");
        return formReply({ ok: true, intent: "clear", id: input.id, toast: GROUP_TOASTS.cleared });
      }
      const result = await publishTakeover(db, viewer, input, { siteTimeZone: env.SITE_TIMEZONE });
      if (!result.ok) {
        const error = result.status === 400 ? { [result.field]: [result.message] } : {};
        return formReply(
          {
            ok: false,
            result: { status: "error", error },
            toast: GROUP_TOASTS.publishFailed,
          },
          result.status,
        );
      }
      kioskRuntime(services).catalog.invalidate();
      log.info(
        { userId: viewer.id, takeoverId: result.id, audience: input.audience },
        "screen message published",
      );
      return formReply({ ok: true, intent: "publish", id: result.id, toast: GROUP_TOASTS.published }, 201);
    },
  });
}

export default function KioskMessagesPage({ loaderData }: Route.ComponentProps) {
  const { takeovers, groups, images, preselectedGroup, timeZone } = loaderData;
  useFetcherReplyToast(TAKEOVER_FETCHER_KEY);
  return (
    <>
      <DashboardHeader
        eyebrow="Admin"
        title="Screen messages"
        description="A priority message fills the screens it is sent to, in place of the ads, from its start until its end or until you clear it. Screens that are on show it within seconds."
        actions={
          <>
            <Button asChild variant="outline">
              <Link to="/admin/kiosks">
                <Icon name="monitor-play" aria-hidden /> Kiosks
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/admin/kiosks/groups">
                <Icon name="users" aria-hidden /> Groups
              </Link>
            </Button>
          </>
        }
      />
      <section className="container-page grid gap-8 py-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <TakeoverForm
          groups={groups}
          images={images}
          preselectedGroup={preselectedGroup}
          timeZone={timeZone}
        />
        <TakeoverList takeovers={takeovers} timeZone={timeZone} />
      </section>
    </>
  );
}
