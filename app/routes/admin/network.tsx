import { useMemo } from "react";
import { Link, useFetcher } from "react-router";
import type { Route } from "./+types/network";
import { LazyNetworkMap } from "~/components/map/lazy-network-map";
import { ScanRanking } from "~/components/results/scan-ranking";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import type { FormReply } from "~/lib/form-submission";
import type { MapKiosk } from "~/lib/network-map";
import { NETWORK_DAYS, NETWORK_TOASTS, PeoplePerPlaySchema } from "~/lib/results";
import { useFetcherReplyToast } from "~/lib/use-reply-toast";
import { useRevalidateWhile } from "~/lib/use-revalidate-while";
import { dialogAction } from "~/.server/actions/dialog-action";
import { formReply } from "~/.server/actions/form-actions";
import { requireAdmin } from "~/.server/auth/guards";
import { getBackupStatus } from "~/.server/backup/schedule";
import { getNetworkOverview, setPeoplePerPlay } from "~/.server/results/network";
import { getServicesFrom } from "~/.server/services";

export const meta: Route.MetaFunction = () => [
  { title: "Network | Local Shine" },
  { name: "description", content: "The kiosk network at a glance: screens, plays, scans and alerts." },
  { name: "robots", content: "noindex" },
];

/** Admins only: signed-out visitors go to /signin, everyone else to /dashboard. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireAdmin(request, context);
  const { db, env } = getServicesFrom(context);
  const overview = await getNetworkOverview(db, viewer, {
    timeZone: env.SITE_TIMEZONE,
    rawDays: env.RESULTS_RAW_DAYS,
  });
  if (!overview.ok) throw new Response(null, { status: 403 });
  const backup = await getBackupStatus(env);
  return { ...overview, tiles: { url: env.MAP_TILE_URL, attribution: env.MAP_ATTRIBUTION }, backup };
}

/** Sets a kiosk's estimated people per play (the domain refuses non-admins and changes nothing). */
export function action(args: Route.ActionArgs) {
  return dialogAction(args, {
    schema: PeoplePerPlaySchema,
    failed: NETWORK_TOASTS.failed,
    async act(input, { viewer, services, log }) {
      const result = await setPeoplePerPlay(services.db, viewer, input.id, input.peoplePerPlay);
      if (!result.ok) {
        const toast = result.status === 404 ? NETWORK_TOASTS.notFound : NETWORK_TOASTS.failed;
        return formReply({ ok: false, toast }, result.status);
      }
      log.info(
        { userId: viewer.id, kioskId: input.id, peoplePerPlay: input.peoplePerPlay },
        "people per play set",
      );
      return formReply({ ok: true, intent: "people-per-play", id: input.id, toast: NETWORK_TOASTS.saved });
    },
  });
}

const PEOPLE_FETCHER = "people-per-play";
const number = (value: number) => value.toLocaleString("en-US");
const when = (iso: string) =>
  new Date(iso).toLocaleString("en-US", {
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });

export default function Network({ loaderData }: Route.ComponentProps) {
  const { kiosks, alerts, topAds, topKiosks, tiles, backup } = loaderData;
  useFetcherReplyToast(PEOPLE_FETCHER);
  // The fleet's state changes by itself: look again every half minute while the page is open.
  useRevalidateWhile(true, 30_000);
  const online = kiosks.filter((kiosk) => kiosk.online).length;
  const pinsJson = JSON.stringify(
    kiosks.flatMap((kiosk) =>
      kiosk.lat !== null && kiosk.lng !== null
        ? [
            {
              id: kiosk.id,
              label: kiosk.label,
              hostName: kiosk.hostName,
              lat: kiosk.lat,
              lng: kiosk.lng,
              online: kiosk.online,
            },
          ]
        : [],
    ),
  );
  // The map is drawn again only when a pin moves or changes state, not at every refresh.
  const pins = useMemo(() => JSON.parse(pinsJson) as MapKiosk[], [pinsJson]);

  return (
    <div className="container-page space-y-8 py-10">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">Admin</p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight text-ink">Network</h1>
          <p className="mt-2 text-muted-foreground">The kiosk screens right now, and what they did.</p>
          <p className="mt-1 text-sm text-muted-foreground">
            Every figure counts up to {when(loaderData.generatedAt)}.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to="/admin/kiosks">
              <Icon name="monitor-play" aria-hidden /> Kiosks
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/admin/ads">
              <Icon name="badge-check" aria-hidden /> Ad Review
            </Link>
          </Button>
        </div>
      </header>

      <p
        role={backup.failure ? "alert" : undefined}
        className={
          backup.failure
            ? "rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm text-destructive"
            : "text-sm text-muted-foreground"
        }
      >
        {backup.summary}
      </p>

      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Stat label="Kiosks online" value={`${online} of ${kiosks.length}`} />
        <Stat
          label="Plays today"
          value={number(loaderData.playsToday)}
          note="Every screen since midnight: ads and house slides."
        />
        <Stat label="Ads awaiting review" value={number(loaderData.adsAwaitingReview)} link="/admin/ads" />
        <Stat label="Alerts" value={number(alerts.length)} />
      </dl>

      <section aria-labelledby="alerts-heading">
        <h2 id="alerts-heading" className="mb-3 text-xl font-semibold">
          Alerts
        </h2>
        {alerts.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No alerts: every paired screen has been heard from within the last hour, or its host is closed.
          </p>
        ) : (
          <ul className="space-y-2">
            {alerts.map((alert) => (
              <li
                key={alert.kioskId}
                className="flex items-start gap-3 rounded-xl border border-destructive/40 bg-destructive/5 p-4"
              >
                <Icon
                  name="triangle-exclamation-point"
                  className="mt-0.5 size-5 shrink-0 text-destructive"
                  aria-hidden
                />
                <span>
                  <strong>{alert.label}</strong>
                  {alert.hostName ? ` at ${alert.hostName}` : ""} has been offline since{" "}
                  {when(alert.silentSince)} while its host is open.
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="map-heading">
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="map-heading" className="text-xl font-semibold">
            Kiosks on the map
          </h2>
          <p className="flex gap-4 text-sm text-muted-foreground">
            <span className="inline-flex items-center gap-1.5">
              <span aria-hidden className="inline-block size-3 rounded-full bg-[oklch(0.58_0.14_155)]" />{" "}
              Online
            </span>
            <span className="inline-flex items-center gap-1.5">
              <span aria-hidden className="inline-block size-3 rounded-full bg-destructive" /> Offline
            </span>
          </p>
        </div>
        <LazyNetworkMap partners={[]} kiosks={pins} tileUrl={tiles.url} attribution={tiles.attribution} />
      </section>

      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="top-ads-heading">
          <h2 id="top-ads-heading" className="mb-3 text-xl font-semibold">
            Top ads by QR scans
          </h2>
          <p className="mb-3 text-sm text-muted-foreground">
            Last {NETWORK_DAYS} days. Plays of each ad on every screen.
          </p>
          <ScanRanking
            entries={topAds.map((ad) => ({
              id: ad.id,
              name: ad.deleted ? `${ad.title} (deleted)` : ad.title,
              detail: ad.businessName,
              scans: ad.scans,
              plays: ad.plays,
            }))}
            empty="No ad has played or been scanned yet."
          />
        </section>
        <section aria-labelledby="top-kiosks-heading">
          <h2 id="top-kiosks-heading" className="mb-3 text-xl font-semibold">
            Top kiosks by QR scans
          </h2>
          <p className="mb-3 text-sm text-muted-foreground">
            Last {NETWORK_DAYS} days. Plays of everything each screen showed: ads and house slides.
          </p>
          <ScanRanking
            entries={topKiosks.map((kiosk) => ({
              id: kiosk.id,
              name: kiosk.label,
              detail: kiosk.hostName ? `at ${kiosk.hostName}` : null,
              scans: kiosk.scans30,
              plays: kiosk.plays30,
            }))}
            empty="No kiosk has played or been scanned yet."
          />
        </section>
      </div>

      <section aria-labelledby="kiosks-heading">
        <h2 id="kiosks-heading" className="mb-1 text-xl font-semibold">
          Kiosks
        </h2>
        <p className="mb-3 text-sm text-muted-foreground">
          Plays count everything the screen showed, ads and house slides; today is one of the {NETWORK_DAYS}{" "}
          days. Plays are counted; impressions are an estimate: plays in the last {NETWORK_DAYS} days × the
          people you expect to see each play at that kiosk. Leave the estimate blank when you have none.
        </p>
        {kiosks.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No kiosks yet.{" "}
            <Link to="/admin/kiosks" className="font-semibold text-primary underline">
              Add one
            </Link>
            .
          </p>
        ) : (
          <div className="overflow-x-auto rounded-2xl border bg-card">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Kiosk</TableHead>
                  <TableHead>State</TableHead>
                  <TableHead className="text-right">Plays today</TableHead>
                  <TableHead className="text-right">Plays ({NETWORK_DAYS} days)</TableHead>
                  <TableHead className="text-right">Scans ({NETWORK_DAYS} days)</TableHead>
                  <TableHead>People per play (estimate)</TableHead>
                  <TableHead className="text-right">Estimated impressions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {kiosks.map((kiosk) => (
                  <TableRow key={kiosk.id}>
                    <TableCell>
                      <span className="font-medium">{kiosk.label}</span>
                      {kiosk.hostName ? (
                        <span className="block text-xs text-muted-foreground">{kiosk.hostName}</span>
                      ) : null}
                    </TableCell>
                    <TableCell>
                      {kiosk.online ? (
                        <span className="font-medium text-[oklch(0.45_0.12_155)]">Online</span>
                      ) : (
                        <span className="font-medium text-destructive">
                          {kiosk.paired ? "Offline" : "Not paired"}
                        </span>
                      )}
                    </TableCell>
                    <TableCell className="text-right">{number(kiosk.playsToday)}</TableCell>
                    <TableCell className="text-right">{number(kiosk.plays30)}</TableCell>
                    <TableCell className="text-right">{number(kiosk.scans30)}</TableCell>
                    <TableCell>
                      <PeoplePerPlayForm id={kiosk.id} label={kiosk.label} value={kiosk.peoplePerPlay} />
                    </TableCell>
                    <TableCell className="text-right">
                      {kiosk.estimatedImpressions30 === null ? (
                        <span className="text-muted-foreground">–</span>
                      ) : (
                        <span>≈ {number(kiosk.estimatedImpressions30)} (estimate)</span>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </section>
    </div>
  );
}

function Stat({ label, value, link, note }: { label: string; value: string; link?: string; note?: string }) {
  return (
    <div className="rounded-2xl border bg-card p-5 shadow-sm">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-3xl font-bold tracking-tight text-ink">
        {link ? (
          <Link to={link} className="hover:underline">
            {value}
          </Link>
        ) : (
          value
        )}
      </dd>
      {note ? <dd className="mt-1 text-xs text-muted-foreground">{note}</dd> : null}
    </div>
  );
}

function PeoplePerPlayForm({ id, label, value }: { id: string; label: string; value: number | null }) {
  const fetcher = useFetcher<FormReply>({ key: PEOPLE_FETCHER });
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("id") === id;
  return (
    <fetcher.Form method="post" action="/admin/network" className="flex items-center gap-2">
      <input type="hidden" name="intent" value="people-per-play" />
      <input type="hidden" name="id" value={id} />
      <Input
        name="peoplePerPlay"
        type="number"
        inputMode="decimal"
        min={0}
        max={1000}
        step={0.1}
        defaultValue={value ?? ""}
        aria-label={`People per play at ${label} (estimate)`}
        className="h-9 w-24"
      />
      <Button type="submit" size="sm" variant="outline" disabled={busy}>
        Save
      </Button>
    </fetcher.Form>
  );
}
