import { useEffect } from "react";
import { redirect, useRevalidator } from "react-router";
import type { Route } from "./+types/kiosks";
import { DashboardHeader } from "~/components/layout/dashboard-header";
import { KioskFormDialog, useKioskDialog } from "~/components/admin/kiosk-form-dialog";
import { KioskGroupFilter } from "~/components/admin/kiosk-group-filter";
import { KioskList, KIOSK_FETCHER_KEY } from "~/components/admin/kiosk-list";
import { PairKioskDialog, usePairDialog } from "~/components/admin/pair-kiosk-dialog";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { KIOSK_TOASTS, KioskActionSchema, SaveKioskSchema } from "~/lib/kiosk-schemas";
import { useFetcherReplyToast } from "~/lib/use-reply-toast";
import { requireAdmin } from "~/.server/auth/guards";
import { dialogAction, type DialogRequest } from "~/.server/actions/dialog-action";
import { formReply, parseSubmission } from "~/.server/actions/form-actions";
import { getRequestInfo } from "~/.server/infra/http/request-context";
import {
  createKiosk,
  listAdPickChoices,
  listHostChoices,
  listKiosks,
  retireKiosk,
  setAdPick,
  unpairKiosk,
  updateKiosk,
} from "~/.server/kiosks/admin-kiosks";
import { setKioskAlwaysOn } from "~/.server/kiosks/always-on";
import { listGroups } from "~/.server/kiosks/groups";
import { claimPairing, countWaitingPairings } from "~/.server/kiosks/pairing";
import { kioskRuntime } from "~/.server/kiosks/runtime";
import { getServicesFrom } from "~/.server/services";
import { isLoopbackUrl, loopbackAppUrlWarning } from "~/.server/infra/config/app-url";

export const meta: Route.MetaFunction = () => [
  { title: "Kiosks | Local Shine" },
  { name: "description", content: "The kiosk screens: pairing, live state, placement and picked ads." },
  { name: "robots", content: "noindex" },
];

/** The page re-reads the fleet's live state this often while it is open. */
const REFRESH_MS = 30_000;

/** Admins only: signed-out visitors go to /signin, everyone else to /dashboard. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireAdmin(request, context);
  const { db, env } = getServicesFrom(context);
  const [list, hosts, picks, waiting, groups] = await Promise.all([
    listKiosks(db, viewer),
    listHostChoices(db, viewer),
    listAdPickChoices(db, viewer),
    countWaitingPairings(db),
    listGroups(db, viewer),
  ]);
  if (!list.ok || !hosts.ok || !picks.ok || !groups.ok) throw redirect("/dashboard");
  // ?group={id}: only that group's kiosks (docs/product.md#screen-groups).
  const groupId = new URL(request.url).searchParams.get("group");
  const group = groups.groups.find((known) => known.id === groupId) ?? null;
  return {
    kiosks: group ? list.kiosks.filter((kiosk) => group.kioskIds.includes(kiosk.id)) : list.kiosks,
    groups: groups.groups.map(({ id, name, kioskIds }) => ({ id, name, kiosks: kioskIds.length })),
    group: group && { id: group.id, name: group.name },
    hosts: hosts.hosts,
    ads: picks.ads.map((ad) => ({
      ...ad,
      groupKioskIds: groups.groups
        .filter((known) => known.adIds.includes(ad.id))
        .flatMap((known) => known.kioskIds),
    })),
    waiting,
    timeZone: env.SITE_TIMEZONE,
    timeZones: Intl.supportedValuesOf("timeZone"),
    // A paired screen's QR codes carry APP_URL: on a loopback address no visitor's phone can follow them.
    appUrlWarning:
      isLoopbackUrl(env.APP_URL) && list.kiosks.some((kiosk) => kiosk.paired && !kiosk.retiredAt)
        ? loopbackAppUrlWarning(env.APP_URL)
        : null,
  };
}

/**
 * The kiosk dialog's save (intent "save") and the list's small forms: pair, unpair, retire, pick, always on. Whether the
 * viewer is an admin is decided in the domain functions, which refuse and change nothing otherwise.
 */
export function action(args: Route.ActionArgs) {
  const { clientIp } = getRequestInfo(args.context);
  return dialogAction(args, {
    schema: KioskActionSchema,
    failed: KIOSK_TOASTS.failed,
    async act(input, { viewer, services, log }) {
      const { db } = services;
      if (input.intent === "pair") {
        const result = await claimPairing(db, viewer, { code: input.code, kioskId: input.kioskId, clientIp });
        if (result.ok) {
          log.info({ userId: viewer.id, kioskId: input.kioskId }, "kiosk pairing claimed");
          return formReply({ ok: true, intent: "pair", id: input.kioskId, toast: KIOSK_TOASTS.paired });
        }
        log.info({ userId: viewer.id, status: result.status }, "kiosk pairing refused");
        const toast =
          result.status === 429
            ? KIOSK_TOASTS.tooManyCodes
            : result.status === 404 && result.reason === "unknown-code"
              ? KIOSK_TOASTS.unknownCode
              : KIOSK_TOASTS.failed;
        return formReply({ ok: false, toast }, result.status);
      }
      if (input.intent === "pick") {
        const result = await setAdPick(db, viewer, {
          adId: input.adId,
          kioskId: input.id,
          picked: input.picked,
        });
        if (!result.ok) return formReply({ ok: false, toast: KIOSK_TOASTS.failed }, result.status);
        kioskRuntime(services).catalog.invalidate();
        log.info(
          { userId: viewer.id, kioskId: input.id, adId: input.adId, picked: input.picked },
          "kiosk ad pick",
        );
        const toast = input.picked ? KIOSK_TOASTS.picked : KIOSK_TOASTS.unpicked;
        return formReply({ ok: true, intent: "pick", id: input.id, toast });
      }
      if (input.intent === "always-on") {
        const result = await setKioskAlwaysOn(db, viewer, input.id, input.alwaysOn);
        if (!result.ok) return formReply({ ok: false, toast: KIOSK_TOASTS.failed }, result.status);
        log.info({ userId: viewer.id, kioskId: input.id, alwaysOn: input.alwaysOn }, "kiosk always on set");
        const toast = input.alwaysOn ? KIOSK_TOASTS.alwaysOn : KIOSK_TOASTS.sleeps;
        return formReply({ ok: true, intent: "always-on", id: input.id, toast });
      }
      const result =
        input.intent === "unpair"
          ? await unpairKiosk(db, viewer, input.id)
          : await retireKiosk(db, viewer, input.id);
      if (!result.ok) return formReply({ ok: false, toast: KIOSK_TOASTS.failed }, result.status);
      log.info({ userId: viewer.id, kioskId: input.id, intent: input.intent }, "kiosk changed");
      const toast = input.intent === "unpair" ? KIOSK_TOASTS.unpaired : KIOSK_TOASTS.retired;
      return formReply({ ok: true, intent: input.intent, id: input.id, toast });
    },
    save: { failed: KIOSK_TOASTS.saveFailed, budget: 64 * 1024, run: saveKiosk },
  });
}

async function saveKiosk({ request, viewer, services, log }: DialogRequest) {
  const submission = await parseSubmission(request, SaveKioskSchema);
  if (submission.status !== "success") {
    return formReply({ ok: false, result: submission.reply(), toast: KIOSK_TOASTS.saveFailed }, 400);
  }
  const { id, ...form } = submission.value;
  const options = { siteTimeZone: services.env.SITE_TIMEZONE };
  const result = id
    ? await updateKiosk(services.db, viewer, id, form, options)
    : await createKiosk(services.db, viewer, form, options);
  if (!result.ok) {
    log.info({ userId: viewer.id, status: result.status, kioskId: id }, "kiosk save refused");
    const reply =
      result.status === 404 && result.reason === "unknown-host"
        ? submission.reply({ fieldErrors: { hostBusinessId: ["Please choose a listing from the list"] } })
        : undefined;
    return formReply({ ok: false, result: reply, toast: KIOSK_TOASTS.saveFailed }, result.status);
  }
  log.info({ userId: viewer.id, kioskId: result.id, created: !id }, "kiosk saved");
  return formReply(
    {
      ok: true,
      intent: id ? "update" : "create",
      id: result.id,
      toast: id ? KIOSK_TOASTS.updated : KIOSK_TOASTS.created,
    },
    id ? 200 : 201,
  );
}

export default function KiosksPage({ loaderData }: Route.ComponentProps) {
  const { kiosks, hosts, ads, waiting, timeZone, timeZones, groups, group, appUrlWarning } = loaderData;
  const dialog = useKioskDialog();
  const pair = usePairDialog();
  const revalidator = useRevalidator();
  useFetcherReplyToast(KIOSK_FETCHER_KEY);

  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle")
        void revalidator.revalidate();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [revalidator]);

  const active = kiosks.filter((kiosk) => !kiosk.retiredAt);
  // A screen dark by its host's hours counts as asleep, whether or not its slow heartbeat was recent.
  const asleep = active.filter((kiosk) => kiosk.asleepUntil).length;
  const online = active.filter((kiosk) => kiosk.online && !kiosk.asleepUntil).length;

  return (
    <>
      <DashboardHeader
        eyebrow="Admin"
        title="Kiosks"
        description={
          <>
            The screens in our partners&apos; shops. A new screen opens <code>/kiosk</code> and shows a code:
            enter it here and pick the kiosk, and the screen starts playing within seconds.
          </>
        }
        actions={
          <>
            <Button onClick={() => dialog.openCreate()}>
              <Icon name="plus" aria-hidden /> Add Kiosk
            </Button>
            <Button variant="outline" onClick={() => pair.open(null)} disabled={active.length === 0}>
              <Icon name="monitor-play" aria-hidden /> Pair a Screen
            </Button>
          </>
        }
      />

      <section className="container-page space-y-6 py-10" aria-label="Kiosk list">
        {appUrlWarning ? (
          <p
            role="alert"
            data-testid="app-url-warning"
            className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm text-destructive"
          >
            <Icon name="triangle-exclamation-point" className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>{appUrlWarning}</span>
          </p>
        ) : null}
        <KioskGroupFilter groups={groups} selected={group} />
        <p role="status" className="text-sm font-medium text-muted-foreground">
          {active.length === 1 ? "1 kiosk" : `${active.length} kiosks`}, {online} online
          {asleep > 0 ? `, ${asleep} asleep` : ""}
          {waiting > 0
            ? ` · ${waiting === 1 ? "1 screen is" : `${waiting} screens are`} showing a pairing code`
            : ""}
        </p>
        <KioskList
          kiosks={kiosks}
          ads={ads}
          timeZone={timeZone}
          onEdit={dialog.openEdit}
          onPair={(kiosk) => pair.open(kiosk.id)}
        />
      </section>

      <KioskFormDialog {...dialog.props} hosts={hosts} timeZones={timeZones} />
      <PairKioskDialog {...pair.props} kiosks={active} />
    </>
  );
}
