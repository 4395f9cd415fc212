import { useId, useState } from "react";
import { useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import type { FormReply } from "~/lib/form-submission";
import {
  describeKioskState,
  PLAY_REFUSAL_REASONS,
  REFUSED_PLAYS_DAYS,
  type AdminKiosk,
} from "~/lib/kiosk-schemas";
import { cn } from "~/lib/cn";
import { ConfirmKioskAction } from "./confirm-kiosk-action";
import { KioskAdsDialog, type AdPick } from "./kiosk-ads-dialog";
import { KioskHoursRow } from "./kiosk-sleep";
import { KioskScreenshot } from "./kiosk-screenshot";

/** Every card's small forms (unpair, retire, pick) share one keyed fetcher, so the page shows their toasts. */
export const KIOSK_FETCHER_KEY = "kiosk-action";

function formatTime(iso: string, timeZone: string) {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone }).format(
    new Date(iso),
  );
}

/** Bytes in MB with one decimal (docs/product.md#dates-and-numbers). */
function formatMegabytes(bytes: number) {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

interface KioskListProps {
  kiosks: AdminKiosk[];
  ads: AdPick[];
  timeZone: string;
  onEdit: (kiosk: AdminKiosk) => void;
  onPair: (kiosk: AdminKiosk) => void;
}

/** The fleet, active kiosks first: one card each, a single column on a phone. */
export function KioskList({ kiosks, ads, timeZone, onEdit, onPair }: KioskListProps) {
  const [picking, setPicking] = useState<AdminKiosk | null>(null);
  if (kiosks.length === 0) {
    return (
      <div className="rounded-xl border border-dashed p-10 text-center">
        <Icon name="monitor-play" className="mx-auto size-10 text-muted-foreground" aria-hidden />
        <p className="mt-3 font-semibold text-ink">No kiosks yet</p>
        <p className="text-sm text-muted-foreground">
          Add a kiosk, then pair the screen in the shop with it.
        </p>
      </div>
    );
  }
  return (
    <>
      <ul className="grid gap-4 lg:grid-cols-2">
        {kiosks.map((kiosk) => (
          <li key={kiosk.id}>
            <KioskCard
              kiosk={kiosk}
              timeZone={timeZone}
              pickedAds={ads.filter((ad) => ad.pickedKioskIds.includes(kiosk.id)).length}
              groupAds={
                ads.filter(
                  (ad) => !ad.pickedKioskIds.includes(kiosk.id) && ad.groupKioskIds.includes(kiosk.id),
                ).length
              }
              onEdit={() => onEdit(kiosk)}
              onPair={() => onPair(kiosk)}
              onPickAds={() => setPicking(kiosk)}
            />
          </li>
        ))}
      </ul>
      <KioskAdsDialog
        kiosk={picking}
        ads={ads}
        fetcherKey={KIOSK_FETCHER_KEY}
        onClose={() => setPicking(null)}
      />
    </>
  );
}

/** "Offline since <date and time>" is wider than a card on a phone: the state wraps instead of overflowing. */
const WRAPS = "whitespace-normal";

function StateBadge({ kiosk, timeZone }: { kiosk: AdminKiosk; timeZone: string }) {
  const text = describeKioskState(kiosk, (iso) => formatTime(iso, timeZone));
  if (kiosk.retiredAt)
    return (
      <Badge variant="outline" className={WRAPS}>
        {text}
      </Badge>
    );
  if (kiosk.asleepUntil) {
    return (
      <Badge className={cn("bg-slate-800 text-white", WRAPS)}>
        <Icon name="clock" aria-hidden /> {text}
      </Badge>
    );
  }
  if (kiosk.online) {
    return (
      <Badge className={cn("bg-emerald-600 text-white", WRAPS)}>
        <Icon name="circle-check" aria-hidden /> {text}
      </Badge>
    );
  }
  if (!kiosk.paired)
    return (
      <Badge variant="secondary" className={WRAPS}>
        {text}
      </Badge>
    );
  return (
    <Badge variant="destructive" className={WRAPS}>
      <Icon name="circle-exclamation-point" aria-hidden /> {text}
    </Badge>
  );
}

/**
 * The tamper signal (docs/security.md#proof-of-play): plays this screen sent that it could not have made, by
 * reason. Refused plays are never counted; the operator decides whether it is a broken screen or a forged one.
 */
function RefusedPlays({ kiosk }: { kiosk: AdminKiosk }) {
  const titleId = useId();
  const total = kiosk.refusedPlays.reduce((sum, refused) => sum + refused.plays, 0);
  return (
    <section
      aria-labelledby={titleId}
      className="mt-4 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm"
      data-testid="kiosk-refused-plays"
    >
      <h3 id={titleId} className="flex items-center gap-2 font-semibold text-destructive">
        <Icon name="circle-exclamation-point" aria-hidden />
        {`Refused plays: ${total.toLocaleString("en-US")} in the last ${REFUSED_PLAYS_DAYS} days`}
      </h3>
      <ul className="mt-1 list-disc pl-5 break-words">
        {kiosk.refusedPlays.map((refused) => (
          <li key={refused.reason}>
            {`${refused.plays.toLocaleString("en-US")} ${PLAY_REFUSAL_REASONS[refused.reason]}`}
          </li>
        ))}
      </ul>
      <p className="mt-1 text-muted-foreground">
        This screen sent plays it could not have made; none of them were counted. A screen whose clock is
        wrong can do this; one that keeps doing it may be forged. Unpair it to stop it.
      </p>
    </section>
  );
}

function KioskCard({
  kiosk,
  timeZone,
  pickedAds,
  groupAds,
  onEdit,
  onPair,
  onPickAds,
}: {
  kiosk: AdminKiosk;
  timeZone: string;
  pickedAds: number;
  /** Ads that reach it through a screen group it is in, and are not also picked for it. */
  groupAds: number;
  onEdit: () => void;
  onPair: () => void;
  onPickAds: () => void;
}) {
  const titleId = useId();
  const fetcher = useFetcher<FormReply>({ key: KIOSK_FETCHER_KEY });
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("id") === kiosk.id;
  const retired = Boolean(kiosk.retiredAt);
  const post = (intent: "unpair" | "retire") =>
    void fetcher.submit({ intent, id: kiosk.id }, { method: "post", action: "/admin/kiosks" });

  return (
    <article
      aria-labelledby={titleId}
      aria-busy={busy}
      className={cn("h-full rounded-xl border bg-card p-5 shadow-sm", retired && "bg-muted/40")}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-primary">
            <Icon name="monitor-play" className="size-5" aria-hidden />
          </span>
          <div className="min-w-0">
            <h2 id={titleId} className="text-lg font-bold break-words text-ink">
              {kiosk.label}
            </h2>
            <p className="text-sm text-muted-foreground">
              {kiosk.hostName ? `${kiosk.hostName}${kiosk.hostCity ? `, ${kiosk.hostCity}` : ""}` : "No host"}
            </p>
          </div>
        </div>
        <StateBadge kiosk={kiosk} timeZone={timeZone} />
      </div>

      {kiosk.refusedPlays.length > 0 ? <RefusedPlays kiosk={kiosk} /> : null}

      <KioskScreenshot
        kiosk={kiosk}
        fetcherKey={KIOSK_FETCHER_KEY}
        formatTime={(iso) => formatTime(iso, timeZone)}
      />

      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium text-muted-foreground">Playing</dt>
        <dd className="min-w-0 break-words">{kiosk.online && kiosk.playing ? kiosk.playing : "—"}</dd>
        <dt className="font-medium text-muted-foreground">Player</dt>
        <dd>{kiosk.playerVersion ?? "—"}</dd>
        <dt className="font-medium text-muted-foreground">Storage</dt>
        <dd>{kiosk.storageBytes !== null ? formatMegabytes(kiosk.storageBytes) : "—"}</dd>
        <dt className="font-medium text-muted-foreground">Last error</dt>
        <dd className="min-w-0 break-words">{kiosk.lastError ?? "—"}</dd>
        <dt className="font-medium text-muted-foreground">Screen</dt>
        <dd>
          {kiosk.orientation === "portrait" ? "Portrait" : "Landscape"} ·{" "}
          {kiosk.timeZone.replaceAll("_", " ")}
        </dd>
        <KioskHoursRow kiosk={kiosk} fetcherKey={KIOSK_FETCHER_KEY} />
        <dt className="font-medium text-muted-foreground">Plays stored</dt>
        <dd data-testid="kiosk-plays">{kiosk.plays.toLocaleString("en-US")}</dd>
        <dt className="font-medium text-muted-foreground">Picked ads</dt>
        <dd data-testid="kiosk-picked-ads">
          {pickedAds + groupAds === 0
            ? "None (ads within their radius)"
            : groupAds === 0
              ? pickedAds
              : `${pickedAds + groupAds} (${groupAds} through ${groupAds === 1 ? "a group" : "groups"})`}
        </dd>
      </dl>

      {retired ? null : (
        <div className="mt-4 flex flex-wrap items-center gap-2 border-t pt-4">
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={onEdit}
            aria-label={`Edit ${kiosk.label}`}
          >
            <Icon name="pencil" aria-hidden /> Edit
          </Button>
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={onPickAds}
            aria-label={`Picked ads for ${kiosk.label}`}
          >
            <Icon name="megaphone" aria-hidden /> Picked ads
          </Button>
          {kiosk.paired ? (
            <ConfirmKioskAction
              label={`Unpair ${kiosk.label}`}
              trigger="Unpair"
              icon="x"
              title="Unpair this screen?"
              description="Unpair this screen? It stops playing and goes back to showing a pairing code. You can pair it again with its new code."
              confirm="Unpair"
              busy={busy}
              onConfirm={() => post("unpair")}
            />
          ) : (
            <Button type="button" size="sm" onClick={onPair} aria-label={`Pair a screen with ${kiosk.label}`}>
              <Icon name="monitor-play" aria-hidden /> Pair a screen
            </Button>
          )}
          <ConfirmKioskAction
            label={`Retire ${kiosk.label}`}
            trigger="Retire"
            icon="trash"
            title="Retire this kiosk?"
            description="Retire this kiosk? Its screen is unpaired and it stops playing for good. Its plays are kept for the results."
            confirm="Retire"
            busy={busy}
            onConfirm={() => post("retire")}
            className="ml-auto"
          />
        </div>
      )}
    </article>
  );
}
