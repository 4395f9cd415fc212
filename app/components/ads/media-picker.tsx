import { FieldError } from "~/components/ui/field";
import { Icon } from "~/components/ui/icon";
import { AD_MAX_VIDEO_SECONDS, AD_MESSAGES, type AdSchema } from "~/lib/ad-schemas";
import { cn } from "~/lib/cn";
import type { MediaShape } from "~/lib/media-shape";
import type { useValidatedForm } from "~/lib/use-validated-form";

/** The ad editor's Conform form and fields (useValidatedForm with AdSchema). */
type AdForm = ReturnType<typeof useValidatedForm<typeof AdSchema>>;

/** One of the owner's media items the editor offers, as the loader sends it. */
export interface MediaChoice {
  id: string;
  title: string;
  media: { kind: "image" | "video"; src: string; poster: string | null };
  status: "processing" | "ready" | "failed" | null;
  error: string | null;
  videoSeconds: number | null;
  shape: MediaShape | null;
}

const SHAPE_WORDS: Record<MediaShape, string> = { portrait: "tall", landscape: "wide", square: "square" };

/**
 * The ad editor's "Image or video" choice (docs/product.md#ads): the owner's media as radio tiles, each saying
 * whether it is ready and its shape; an item that failed processing or a video over the limit cannot be picked.
 * The same picker, optional and with a None tile, chooses the version in the other shape.
 */
export function MediaPicker({
  field,
  choices,
  label = "Image or video",
  hint,
  optional = false,
}: {
  field: AdForm[1]["mediaId"] | AdForm[1]["altMediaId"];
  choices: MediaChoice[];
  label?: string;
  hint?: string;
  /** Adds a None tile (the default) and no required mark. */
  optional?: boolean;
}) {
  const labelId = `${field.id}-label`;
  return (
    <div className="space-y-2">
      <p id={labelId} className="text-sm font-medium">
        {label}
        {optional ? (
          <span className="font-normal text-muted-foreground"> (optional)</span>
        ) : (
          <>
            {" "}
            <span className="text-destructive" aria-hidden="true">
              *
            </span>
          </>
        )}
      </p>
      {hint ? <p className="text-sm text-muted-foreground">{hint}</p> : null}
      <div
        role="radiogroup"
        aria-labelledby={labelId}
        aria-describedby={field.errors ? `${field.id}-error` : undefined}
        className="grid grid-cols-2 gap-3 sm:grid-cols-3"
      >
        {optional ? (
          <label className="relative flex cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border border-dashed bg-card p-3 text-center text-sm shadow-xs has-[:checked]:border-primary has-[:checked]:ring-2 has-[:checked]:ring-primary/40 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring">
            <input
              type="radio"
              name={field.name}
              value=""
              defaultChecked={!field.initialValue}
              className="sr-only"
            />
            <span className="font-medium">None</span>
            <span className="text-xs text-muted-foreground">Every screen shows the main one</span>
          </label>
        ) : null}
        {choices.map((item) => {
          const tooLong = item.videoSeconds !== null && item.videoSeconds > AD_MAX_VIDEO_SECONDS + 0.5;
          const unusable = item.status === "failed" || tooLong;
          return (
            <label
              key={item.id}
              className={cn(
                "relative flex cursor-pointer flex-col overflow-hidden rounded-lg border bg-card text-sm shadow-xs has-[:checked]:border-primary has-[:checked]:ring-2 has-[:checked]:ring-primary/40 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                unusable && "cursor-not-allowed opacity-60",
              )}
            >
              <input
                type="radio"
                name={field.name}
                value={item.id}
                defaultChecked={field.initialValue === item.id}
                disabled={unusable}
                className="sr-only"
              />
              <span className="block aspect-video bg-ink">
                {item.media.kind === "image" || item.media.poster ? (
                  <img
                    src={item.media.kind === "image" ? item.media.src : item.media.poster!}
                    alt=""
                    className="size-full object-contain"
                    loading="lazy"
                  />
                ) : (
                  <span className="grid size-full place-items-center text-white/70">
                    <Icon name="clapperboard" className="size-6" aria-hidden />
                  </span>
                )}
              </span>
              <span className="line-clamp-1 px-2 pt-1.5 font-medium">{item.title}</span>
              <span className="px-2 pb-2 text-xs text-muted-foreground">
                {item.status === "failed"
                  ? (item.error ?? AD_MESSAGES.mediaFailed)
                  : tooLong
                    ? AD_MESSAGES.videoTooLong
                    : item.status === "ready"
                      ? `${item.videoSeconds !== null ? `Video, ${Math.round(item.videoSeconds)} s` : "Image"}${
                          item.shape ? `, ${SHAPE_WORDS[item.shape]}` : ""
                        }`
                      : "Processing…"}
              </span>
            </label>
          );
        })}
      </div>
      <FieldError id={`${field.id}-error`} errors={field.errors} />
    </div>
  );
}
