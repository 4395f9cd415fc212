import { getFormProps } from "@conform-to/react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/ad-editor";
import { AdPreview } from "~/components/ads/ad-preview";
import { MediaPicker } from "~/components/ads/media-picker";
import { ScheduleEditor } from "~/components/ads/schedule-editor";
import { TargetingNote } from "~/components/ads/targeting-note";
import { AdStatusBadge } from "~/components/ads/ad-status-badge";
import { Button } from "~/components/ui/button";
import { Field, FieldError } from "~/components/ui/field";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import {
  AD_CALL_TO_ACTION_MAX,
  AD_DEFAULT_IMAGE_SECONDS,
  AD_DEFAULT_RADIUS,
  AD_MAX_IMAGE_SECONDS,
  AD_MAX_VIDEO_SECONDS,
  AD_MIN_IMAGE_SECONDS,
  AD_RADIUS_CHOICES,
  AD_TOASTS,
  AdSchema,
} from "~/lib/ad-schemas";
import { SHAPE_ADVICE } from "~/lib/media-shape";
import { cn } from "~/lib/cn";
import { useReplyToast } from "~/lib/use-reply-toast";
import { useRevalidateWhile } from "~/lib/use-revalidate-while";
import { useValidatedForm } from "~/lib/use-validated-form";
import { isUuid } from "~/lib/uuid";
import { notFound } from "~/lib/not-found";
import { adEditorChoices, getAdForOwner } from "~/.server/ads/owner-ads";
import { saveAd } from "~/.server/ads/save-ad";
import { qrSvg } from "~/.server/ads/qr";
import { redirectWithToast } from "~/.server/accounts/action-helpers";
import { formReply, parseSubmission } from "~/.server/actions/form-actions";
import { requireUser } from "~/.server/auth/guards";
import { getServicesFrom } from "~/.server/services";
import { siteToday } from "~/.server/stories/site-date";

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `${params.id ? "Edit ad" : "New ad"} | Local Shine` },
  { name: "robots", content: "noindex" },
];

/** /dashboard/ads/new (optionally ?media=<id>) and /dashboard/ads/:id: the owner's ad editor. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await requireUser(request, context);
  const services = getServicesFrom(context);
  if (params.id !== undefined && !isUuid(params.id)) notFound();
  const [choices, ad] = await Promise.all([
    adEditorChoices(services, viewer),
    params.id ? getAdForOwner(services, viewer, params.id) : Promise.resolve(null),
  ]);
  if (params.id && !ad) notFound();
  const shortLink = ad ? `${services.env.APP_URL}/q/${ad.shortCode}` : null;
  const preselected = new URL(request.url).searchParams.get("media");
  return {
    choices,
    ad,
    shortLink,
    qr: shortLink ? await qrSvg(shortLink) : null,
    today: siteToday(services.env.SITE_TIMEZONE),
    preselectedMedia:
      preselected && choices.media.some((item) => item.id === preselected) ? preselected : null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = await requireUser(request, context);
  if (params.id !== undefined && !isUuid(params.id)) notFound();
  const submission = await parseSubmission(request, AdSchema);
  if (submission.status !== "success") {
    return formReply({ ok: false, result: submission.reply() }, 400);
  }
  const result = await saveAd(getServicesFrom(context), viewer, submission.value, params.id);
  if (!result.ok) {
    if (result.status === 404) notFound();
    return formReply(
      { ok: false, result: submission.reply({ fieldErrors: mapErrors(result.fieldErrors) }) },
      400,
    );
  }
  const toast = result.created || result.resubmitted ? AD_TOASTS.created : AD_TOASTS.updated;
  if (result.resubmitted) return redirectWithToast("/dashboard/ads", AD_TOASTS.resubmitted);
  if (result.targetingHeld) return redirectWithToast("/dashboard/ads", AD_TOASTS.targetingSubmitted);
  return redirectWithToast("/dashboard/ads", toast);
}

function mapErrors(errors: Record<string, string>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, [message]]));
}

export default function AdEditor({ loaderData }: Route.ComponentProps) {
  const { choices, ad, qr, shortLink, today, preselectedMedia } = loaderData;
  const reply = useActionData<typeof action>();
  useReplyToast(reply);
  // Media still being made ready for screens: look again until it is (its tile then says Ready).
  useRevalidateWhile(choices.media.some((item) => item.status === "processing"));
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const [form, fields] = useValidatedForm(AdSchema, {
    id: "ad",
    lastResult: reply?.result,
    defaultValue: ad
      ? {
          title: ad.title,
          businessId: ad.businessId,
          mediaId: ad.mediaId,
          altMediaId: ad.alt?.mediaId ?? "",
          imageSeconds: String(ad.imageSeconds ?? AD_DEFAULT_IMAGE_SECONDS),
          startsOn: ad.startsOn,
          endsOn: ad.endsOn ?? "",
          scheduled: ad.schedule.length > 0 ? "on" : undefined,
          schedule: ad.schedule.map((window) => ({
            days: window.days.map(String),
            start: window.start,
            end: window.end,
          })),
          callToAction: ad.callToAction ?? "",
          qrTarget: ad.qrTarget,
          // The owner's own version: a new distance waiting for review, else the approved one.
          radiusMiles: String(ad.pendingRadiusMiles ?? ad.radiusMiles),
        }
      : {
          businessId: choices.listings.length === 1 ? choices.listings[0]!.id : undefined,
          mediaId: preselectedMedia ?? undefined,
          imageSeconds: String(AD_DEFAULT_IMAGE_SECONDS),
          startsOn: today,
          schedule: [{ days: ["1", "2", "3", "4", "5"], start: "09:00", end: "17:00" }],
          qrTarget: "listing",
          radiusMiles: String(AD_DEFAULT_RADIUS),
        },
  });

  const selectedMedia = choices.media.find((item) => item.id === fields.mediaId.value) ?? null;
  const selectedAlt = choices.media.find((item) => item.id === fields.altMediaId.value) ?? null;
  const anyImage = [selectedMedia, selectedAlt].some((item) => item && item.media.kind === "image");
  const selectedListing = choices.listings.find((listing) => listing.id === fields.businessId.value) ?? null;

  if (choices.listings.length === 0 || choices.media.length === 0) {
    return (
      <EditorShell title={ad ? "Edit ad" : "New ad"}>
        <div className="rounded-xl border border-dashed bg-card p-10 text-center">
          <p className="text-lg font-semibold">
            {choices.listings.length === 0
              ? "First, add your business listing"
              : "First, upload an image or video"}
          </p>
          <p className="mx-auto mt-1 max-w-md text-muted-foreground">
            An ad shows one of your images or videos for one of your listings.
          </p>
          <Button asChild className="mt-5">
            <Link to={choices.listings.length === 0 ? "/admin" : "/dashboard"}>
              {choices.listings.length === 0 ? "Go to your listings" : "Go to your media"}
            </Link>
          </Button>
        </div>
      </EditorShell>
    );
  }

  return (
    <EditorShell
      title={ad ? "Edit ad" : "New ad"}
      status={ad ? <AdStatusBadge status={ad.status} /> : null}
      intro={
        ad?.status === "approved"
          ? "This ad is approved. Changing what it shows or when sends it back to review. A new distance alone waits for review while the ad keeps playing where it does now."
          : "Every ad is reviewed by our team before it plays. We'll email you when it has been looked at."
      }
    >
      {ad?.status === "rejected" && ad.reason ? (
        <p
          className="mb-6 rounded-md bg-destructive/5 px-4 py-3 text-sm text-destructive"
          data-testid="rejection-reason"
        >
          <span className="font-semibold">Not approved: </span>
          {ad.reason}
        </p>
      ) : null}
      {ad ? (
        <div className="mb-6">
          <TargetingNote ad={ad} />
        </div>
      ) : null}
      <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
        <Form method="post" {...getFormProps(form)} className="space-y-8">
          <fieldset className="space-y-5">
            <legend className="mb-2 text-lg font-semibold">What it shows</legend>
            <Field
              field={fields.title}
              label="Title"
              required
              hint="For you and the reviewer; not shown on screen."
            >
              <Input maxLength={80} />
            </Field>
            <Field field={fields.businessId} label="Listing" required hint="The business this ad is for.">
              <NativeSelect>
                <option value="">Choose a listing</option>
                {choices.listings.map((listing) => (
                  <option key={listing.id} value={listing.id}>
                    {listing.name}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <p className="rounded-md bg-secondary/60 px-3 py-2 text-sm text-muted-foreground">
              {SHAPE_ADVICE}
            </p>
            <MediaPicker field={fields.mediaId} choices={choices.media} />
            <MediaPicker
              field={fields.altMediaId}
              choices={choices.media}
              label="The other shape"
              hint="A wide version for landscape screens if the main one is tall, or a tall one if it is wide. Reviewed with the ad."
              optional
            />
            {!anyImage && selectedMedia ? (
              <p className="text-sm text-muted-foreground">
                A video plays for its own length (at most {AD_MAX_VIDEO_SECONDS} seconds), muted.
              </p>
            ) : (
              <Field
                field={fields.imageSeconds}
                label="Seconds on screen"
                hint={`${AD_MIN_IMAGE_SECONDS} to ${AD_MAX_IMAGE_SECONDS} seconds.`}
                className="max-w-48"
              >
                <Input
                  type="number"
                  min={AD_MIN_IMAGE_SECONDS}
                  max={AD_MAX_IMAGE_SECONDS}
                  step={1}
                  inputMode="numeric"
                />
              </Field>
            )}
            <Field
              field={fields.callToAction}
              label="Call to action"
              markOptional
              hint={`Printed beside the QR code, e.g. "Scan for 10% off your first visit". At most ${AD_CALL_TO_ACTION_MAX} characters.`}
            >
              <Input maxLength={AD_CALL_TO_ACTION_MAX} />
            </Field>
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium">The QR code leads to</legend>
              <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
                <label className="flex items-center gap-2">
                  <input
                    type="radio"
                    name={fields.qrTarget.name}
                    value="listing"
                    defaultChecked={fields.qrTarget.initialValue !== "website"}
                    className="size-4 accent-primary"
                  />
                  Your listing's page
                </label>
                <label
                  className={cn(
                    "flex items-center gap-2",
                    selectedListing && !selectedListing.website && "opacity-60",
                  )}
                >
                  <input
                    type="radio"
                    name={fields.qrTarget.name}
                    value="website"
                    defaultChecked={fields.qrTarget.initialValue === "website"}
                    disabled={Boolean(selectedListing && !selectedListing.website)}
                    className="size-4 accent-primary"
                  />
                  Your website{selectedListing && !selectedListing.website ? " (the listing has none)" : ""}
                </label>
              </div>
              <FieldError id={`${fields.qrTarget.id}-error`} errors={fields.qrTarget.errors} />
            </fieldset>
          </fieldset>

          <fieldset className="space-y-5">
            <legend className="mb-2 text-lg font-semibold">When and where it plays</legend>
            <div className="grid gap-5 sm:grid-cols-2">
              <Field field={fields.startsOn} label="Start date" required>
                <Input type="date" />
              </Field>
              <Field field={fields.endsOn} label="End date" markOptional hint="The last day it plays.">
                <Input type="date" />
              </Field>
            </div>
            <Field
              field={fields.radiusMiles}
              label="Kiosks within"
              hint="Kiosks this far from your listing play the ad."
              className="max-w-48"
            >
              <NativeSelect>
                {AD_RADIUS_CHOICES.map((miles) => (
                  <option key={miles} value={miles}>
                    {miles === 1 ? "1 mile" : `${miles} miles`}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <ScheduleEditor form={form} fields={fields} />
          </fieldset>

          <FieldError id={`${form.id}-error`} errors={form.errors} />
          <div className="flex flex-wrap gap-3 border-t pt-6">
            <Button type="submit" disabled={saving}>
              {saving ? (
                <Icon name="loader-circle" className="animate-spin" aria-hidden />
              ) : (
                <Icon name="save" aria-hidden />
              )}
              {ad ? "Save ad" : "Send for review"}
            </Button>
            <Button asChild variant="outline">
              <Link to="/dashboard/ads">Cancel</Link>
            </Button>
          </div>
        </Form>

        <aside aria-labelledby="preview-heading" className="space-y-3 lg:sticky lg:top-24 lg:self-start">
          <h2 id="preview-heading" className="text-lg font-semibold">
            Preview
          </h2>
          <AdPreview
            media={selectedMedia?.media ?? null}
            shape={selectedMedia?.shape ?? null}
            alt={selectedAlt ? { media: selectedAlt.media, shape: selectedAlt.shape } : null}
            businessName={selectedListing?.name ?? ""}
            callToAction={fields.callToAction.value as string | undefined}
            qrSvg={qr}
            shortLink={shortLink}
          />
          {!qr ? (
            <p className="text-xs text-muted-foreground">
              The QR code and short link appear once the ad is saved.
            </p>
          ) : null}
        </aside>
      </div>
    </EditorShell>
  );
}

function EditorShell({
  title,
  status,
  intro,
  children,
}: {
  title: string;
  status?: React.ReactNode;
  intro?: string;
  children: React.ReactNode;
}) {
  return (
    <>
      <section className="border-b bg-gradient-to-br from-secondary via-background to-sun/15">
        <div className="container-page py-8 sm:py-12">
          <Link
            to="/dashboard/ads"
            className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
          >
            <Icon name="arrow-left" className="size-4" aria-hidden /> My Ads
          </Link>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{title}</h1>
            {status}
          </div>
          {intro ? <p className="mt-3 max-w-2xl text-muted-foreground">{intro}</p> : null}
        </div>
      </section>
      <div className="container-page py-10">{children}</div>
    </>
  );
}
