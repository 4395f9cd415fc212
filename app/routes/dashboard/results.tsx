import { data, Form, isRouteErrorResponse, Link, useFetcher } from "react-router";
import type { Route } from "./+types/results";
import { DashboardHeader } from "~/components/layout/dashboard-header";
import { DailyChart } from "~/components/results/daily-chart";
import { ScanRanking } from "~/components/results/scan-ranking";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { NativeSelect } from "~/components/ui/native-select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import {
  FIGURE_MEANINGS,
  formatDuration,
  parseResultsQuery,
  RESULTS_BAD_SCOPE,
  RESULTS_PERIODS,
  resultsSearch,
  scopeValue,
} from "~/lib/results";
import type { FormReply } from "~/lib/form-submission";
import { REPORT_SWITCH_TOASTS, ReportSwitchSchema } from "~/lib/reports";
import { useFetcherReplyToast } from "~/lib/use-reply-toast";
import { dialogAction } from "~/.server/actions/dialog-action";
import { formReply } from "~/.server/actions/form-actions";
import { requireUser } from "~/.server/auth/guards";
import { reportSubscriptions, setReportSubscription } from "~/.server/reports/subscriptions";
import { getOwnerResults } from "~/.server/results/owner-results";
import { getServicesFrom } from "~/.server/services";

export const meta: Route.MetaFunction = () => [
  { title: "Results | Local Shine" },
  {
    name: "description",
    content: "What the kiosk network did for your business: plays, scans, visits and calls.",
  },
  { name: "robots", content: "noindex" },
];

/** The viewer's own results only (the domain's WHERE clauses); another owner's id answers 404. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireUser(request, context);
  const query = parseResultsQuery(new URL(request.url).searchParams);
  if (!query.ok) throw data({ message: query.message }, { status: 400 });
  const { db, env } = getServicesFrom(context);
  const answer = await getOwnerResults(db, viewer, {
    scope: query.scope,
    days: query.days,
    timeZone: env.SITE_TIMEZONE,
  });
  if (!answer.ok) throw data({ message: RESULTS_BAD_SCOPE }, { status: 404 });
  const weekly = await reportSubscriptions(db, viewer.id);
  return { ...answer.results, weekly: { ...weekly, isAdmin: viewer.isAdmin } };
}

/** Turns the viewer's own weekly email on or off (only theirs: the id is the session's). */
export function action(args: Route.ActionArgs) {
  return dialogAction(args, {
    schema: ReportSwitchSchema,
    failed: REPORT_SWITCH_TOASTS.failed,
    async act(input, { viewer, services, log }) {
      if (input.kind === "admin_weekly" && !viewer.isAdmin)
        return formReply({ ok: false, toast: REPORT_SWITCH_TOASTS.failed }, 403);
      await setReportSubscription(services.db, viewer.id, input.kind, input.subscribed === "on");
      log.info(
        { userId: viewer.id, kind: input.kind, subscribed: input.subscribed },
        "weekly email switched",
      );
      return formReply({ ok: true, intent: "weekly-email", toast: REPORT_SWITCH_TOASTS[input.subscribed] });
    },
  });
}

const WEEKLY_FETCHER = "weekly-email";

const number = (value: number) => value.toLocaleString("en-US");

export default function Results({ loaderData: results }: Route.ComponentProps) {
  const { figures, scope, days } = results;
  useFetcherReplyToast(WEEKLY_FETCHER);
  const hasAds = results.ads.length > 0;
  const nothingYet =
    !hasAds && figures.listingViews === 0 && figures.calls === 0 && figures.websiteVisits === 0;
  const search = resultsSearch(scope, days);

  return (
    <>
      <DashboardHeader
        eyebrow="Results"
        title="What Local Shine Did for You"
        description="Plays on kiosk screens, QR scans, and visits and calls from your business page. Updated every few minutes; only you (and our team) can see these figures."
        actions={
          <>
            <Button asChild variant="outline">
              <Link to="/dashboard">
                <Icon name="layout-dashboard" aria-hidden /> Dashboard
              </Link>
            </Button>
            {nothingYet ? null : (
              <Button asChild variant="outline">
                <a href={`/dashboard/results.csv${search}`} download>
                  <Icon name="arrow-down" aria-hidden /> Download CSV
                </a>
              </Button>
            )}
          </>
        }
      />

      <div className="container-page space-y-8 py-10">
        {nothingYet ? (
          <EmptyResults />
        ) : (
          <>
            <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Choose what to show">
              {/* Its own basis: a basis of 0 never wraps to a row of its own, and shrank to ~60 px on a phone. */}
              <label className="grid min-w-0 flex-[1_1_16rem] gap-1.5 text-sm font-medium sm:max-w-sm">
                Show results for
                <NativeSelect name="scope" defaultValue={scopeValue(scope)} key={scopeValue(scope)}>
                  <option value="all">All my listings and ads</option>
                  {/* An admin looking at someone else's listing or ad: it is not among the admin's own. */}
                  {scope.kind !== "all" &&
                  !results.listings.some((listing) => listing.id === scope.id) &&
                  !results.ads.some((ad) => ad.id === scope.id) ? (
                    <option value={scopeValue(scope)}>{results.scopeName}</option>
                  ) : null}
                  {results.listings.length > 0 ? (
                    <optgroup label="Listings">
                      {results.listings.map((listing) => (
                        <option key={listing.id} value={`listing:${listing.id}`}>
                          {listing.name}
                        </option>
                      ))}
                    </optgroup>
                  ) : null}
                  {hasAds ? (
                    <optgroup label="Ads">
                      {results.ads.map((ad) => (
                        <option key={ad.id} value={`ad:${ad.id}`}>
                          {ad.deleted ? `${ad.name} (deleted)` : ad.name}
                        </option>
                      ))}
                    </optgroup>
                  ) : null}
                </NativeSelect>
              </label>
              <label className="grid gap-1.5 text-sm font-medium">
                Period
                <NativeSelect name="days" defaultValue={String(days)} key={days} wrapperClassName="w-40">
                  {RESULTS_PERIODS.map((period) => (
                    <option key={period} value={period}>
                      Last {period} days
                    </option>
                  ))}
                </NativeSelect>
              </label>
              <Button type="submit">Show</Button>
            </Form>

            <h2 className="text-xl font-semibold text-ink">
              {results.scopeName ?? "All your listings and ads"}, last {days} days
            </h2>

            {!hasAds && scope.kind === "all" ? (
              <p className="rounded-xl border border-sun/40 bg-sun/10 p-4 text-sm">
                Your business page is counted already. To get plays and QR scans,{" "}
                <Link to="/dashboard/ads/new" className="font-semibold text-primary underline">
                  make an ad
                </Link>{" "}
                for the kiosk screens.
              </p>
            ) : null}

            <section aria-labelledby="screens-heading">
              <h3 id="screens-heading" className="mb-3 font-semibold text-muted-foreground">
                On the screens
              </h3>
              <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
                <Figure label="Plays" value={number(figures.plays)} meaning={FIGURE_MEANINGS.plays} />
                <Figure
                  label="Screen time"
                  value={formatDuration(figures.screenSeconds)}
                  meaning={FIGURE_MEANINGS.screenSeconds}
                />
                <Figure
                  label="Kiosks reached"
                  value={number(figures.kiosksReached)}
                  meaning={FIGURE_MEANINGS.kiosksReached}
                />
                <Figure label="QR scans" value={number(figures.scans)} meaning={FIGURE_MEANINGS.scans} />
                <Figure
                  label="Scans per 1,000 plays"
                  value={figures.scansPerThousandPlays === null ? "–" : String(figures.scansPerThousandPlays)}
                  meaning={FIGURE_MEANINGS.scansPerThousandPlays}
                />
              </dl>
            </section>

            {results.showsListing ? (
              <section aria-labelledby="listing-heading">
                <h3 id="listing-heading" className="mb-3 font-semibold text-muted-foreground">
                  On your business page
                </h3>
                <dl className="grid gap-4 sm:grid-cols-3">
                  <Figure
                    label="Listing views"
                    value={number(figures.listingViews)}
                    meaning={FIGURE_MEANINGS.listingViews}
                  />
                  <Figure label="Calls" value={number(figures.calls)} meaning={FIGURE_MEANINGS.calls} />
                  <Figure
                    label="Website visits"
                    value={number(figures.websiteVisits)}
                    meaning={FIGURE_MEANINGS.websiteVisits}
                  />
                </dl>
              </section>
            ) : (
              <p className="text-sm text-muted-foreground">
                Listing views, calls and website visits belong to the listing: choose the listing to see them.
              </p>
            )}

            {figures.estimatedImpressions !== null ? (
              <aside
                aria-labelledby="estimate-heading"
                className="rounded-2xl border border-dashed bg-muted/40 p-5"
              >
                <h3 id="estimate-heading" className="text-sm font-semibold text-muted-foreground">
                  Estimated impressions (an estimate, not a count)
                </h3>
                <p className="mt-1 text-2xl font-bold text-ink">
                  about {number(figures.estimatedImpressions)}
                </p>
                <p className="mt-1 text-sm text-muted-foreground">{FIGURE_MEANINGS.estimatedImpressions}</p>
              </aside>
            ) : null}

            <section aria-labelledby="by-day-heading" className="space-y-4">
              <h3 id="by-day-heading" className="font-semibold text-muted-foreground">
                By day
              </h3>
              <div className="grid gap-4 lg:grid-cols-2">
                <DailyChart
                  title="Plays"
                  days={results.byDay}
                  series={[
                    {
                      key: "plays",
                      label: "Plays",
                      className: "fill-primary",
                      swatchClassName: "bg-primary",
                    },
                  ]}
                />
                <DailyChart
                  title={results.showsListing ? "Scans, views and calls" : "QR scans"}
                  days={results.byDay}
                  series={[
                    { key: "scans", label: "QR scans", className: "fill-sun", swatchClassName: "bg-sun" },
                    ...(results.showsListing
                      ? ([
                          {
                            key: "listingViews",
                            label: "Listing views",
                            className: "fill-primary",
                            swatchClassName: "bg-primary",
                          },
                          { key: "calls", label: "Calls", className: "fill-ink", swatchClassName: "bg-ink" },
                        ] as const)
                      : []),
                  ]}
                />
              </div>
              <details className="rounded-xl border bg-card p-4 text-sm">
                <summary className="cursor-pointer font-medium">Show the figures by day as a table</summary>
                <div className="mt-3 overflow-x-auto">
                  <Table>
                    <TableHeader>
                      <TableRow>
                        <TableHead>Day</TableHead>
                        <TableHead className="text-right">Plays</TableHead>
                        <TableHead className="text-right">QR scans</TableHead>
                        <TableHead className="text-right">Listing views</TableHead>
                        <TableHead className="text-right">Calls</TableHead>
                        <TableHead className="text-right">Website visits</TableHead>
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {results.byDay.map((day) => (
                        <TableRow key={day.day}>
                          <TableCell>{day.day}</TableCell>
                          <TableCell className="text-right">{number(day.plays)}</TableCell>
                          <TableCell className="text-right">{number(day.scans)}</TableCell>
                          <TableCell className="text-right">{number(day.listingViews)}</TableCell>
                          <TableCell className="text-right">{number(day.calls)}</TableCell>
                          <TableCell className="text-right">{number(day.websiteVisits)}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </div>
              </details>
            </section>

            <section aria-labelledby="top-kiosks-heading">
              <h3 id="top-kiosks-heading" className="mb-3 font-semibold text-muted-foreground">
                Top kiosks by QR scans
              </h3>
              <ScanRanking
                numbered
                entries={results.topKiosks.map((kiosk) => ({
                  id: kiosk.id,
                  name: kiosk.label,
                  detail: kiosk.hostName ? `at ${kiosk.hostName}` : null,
                  scans: kiosk.scans,
                  plays: kiosk.plays,
                }))}
                empty="No kiosk has played these ads in this period yet."
              />
            </section>
          </>
        )}
        <section aria-labelledby="weekly-heading" className="rounded-2xl border bg-card p-5 shadow-sm">
          <h2 id="weekly-heading" className="text-lg font-semibold">
            Weekly email
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Every Monday morning: last week&apos;s plays, screen time, scans, views and calls, and your best
            ad.
          </p>
          <div className="mt-4 space-y-3">
            <WeeklySwitch
              kind="owner_weekly"
              on={results.weekly.owner_weekly}
              label="Email me my results every Monday"
            />
            {results.weekly.isAdmin ? (
              <WeeklySwitch
                kind="admin_weekly"
                on={results.weekly.admin_weekly}
                label="Email me the network summary every Monday"
              />
            ) : null}
          </div>
        </section>
      </div>
    </>
  );
}

function WeeklySwitch({
  kind,
  on,
  label,
}: {
  kind: "owner_weekly" | "admin_weekly";
  on: boolean;
  label: string;
}) {
  const fetcher = useFetcher<FormReply>({ key: WEEKLY_FETCHER });
  const pending = fetcher.state !== "idle" && fetcher.formData?.get("kind") === kind;
  const shown = pending ? fetcher.formData?.get("subscribed") === "on" : on;
  return (
    <fetcher.Form
      method="post"
      action="/dashboard/results"
      className="flex flex-wrap items-center justify-between gap-3"
    >
      <input type="hidden" name="intent" value="weekly-email" />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="subscribed" value={shown ? "off" : "on"} />
      <p className="text-sm">
        <span className="font-medium">{label}</span>
        <span className={shown ? "ml-2 font-semibold text-primary" : "ml-2 text-muted-foreground"}>
          {shown ? "On" : "Off"}
        </span>
      </p>
      <Button type="submit" size="sm" variant="outline" disabled={pending}>
        {shown ? "Turn off" : "Turn on"}
      </Button>
    </fetcher.Form>
  );
}

function Figure({ label, value, meaning }: { label: string; value: string; meaning: string }) {
  return (
    <div className="rounded-2xl border bg-card p-5 shadow-sm">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-3xl font-bold tracking-tight text-ink">{value}</dd>
      <dd className="mt-2 text-xs text-muted-foreground">{meaning}</dd>
    </div>
  );
}

function EmptyResults() {
  return (
    <section
      aria-labelledby="empty-heading"
      className="mx-auto max-w-2xl rounded-2xl border bg-card p-8 text-center shadow-sm"
    >
      <Icon name="trending-up" className="mx-auto size-10 text-primary" aria-hidden="true" />
      <h2 id="empty-heading" className="mt-4 text-2xl font-bold text-ink">
        No results yet
      </h2>
      <p className="mt-3 text-muted-foreground">
        Results start with an ad. Make one from an image or video of your business: once our team approves it,
        it plays on the kiosk screens near you, and every play, every QR scan and every visit to your business
        page shows up here, by day, within a few minutes.
      </p>
      <ul className="mx-auto mt-5 max-w-md space-y-1 text-left text-sm text-muted-foreground">
        <li>
          <strong className="text-ink">Plays</strong>: {FIGURE_MEANINGS.plays}
        </li>
        <li>
          <strong className="text-ink">QR scans</strong>: {FIGURE_MEANINGS.scans}
        </li>
        <li>
          <strong className="text-ink">Listing views</strong>: {FIGURE_MEANINGS.listingViews}
        </li>
        <li>
          <strong className="text-ink">Calls and website visits</strong>: people who tapped Call Now or Visit
          Website, once a day each.
        </li>
      </ul>
      <Button asChild className="mt-6">
        <Link to="/dashboard/ads/new">
          <Icon name="plus" aria-hidden /> Make an ad
        </Link>
      </Button>
    </section>
  );
}

/** A period or listing that cannot be shown: what was wrong, and the way back. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message =
    isRouteErrorResponse(error) && typeof error.data?.message === "string"
      ? (error.data.message as string)
      : "An unexpected error occurred. Please try again.";
  return (
    <section className="container-page flex flex-col items-center py-24 text-center">
      <h1 className="text-3xl font-bold">Results</h1>
      <p role="alert" className="mt-3 max-w-md text-muted-foreground">
        {message}
      </p>
      <Button asChild className="mt-8">
        <Link to="/dashboard/results">Show all my results</Link>
      </Button>
    </section>
  );
}
