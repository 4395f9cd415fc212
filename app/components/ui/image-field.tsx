import { Icon } from "~/components/ui/icon";
import { useEffect, useState } from "react";
import { FieldError, type FieldState } from "~/components/ui/field";
import { Label } from "~/components/ui/label";
import { cn } from "~/lib/cn";
import { IMAGE_FILE_MESSAGE, IMAGE_TOO_LARGE_MESSAGE, MAX_IMAGE_BYTES } from "~/lib/form-fields";
import { acceptAttribute, IMAGE_TYPES, looksAllowed } from "~/lib/upload-types";

const ACCEPT = acceptAttribute(IMAGE_TYPES);
const FORMATS_HINT = "JPG, PNG, WebP or GIF, up to 20MB.";

interface ImageFieldProps {
  /** The file input's id, name and errors (from the form's schema check or the server's reply). */
  field: FieldState;
  label: string;
  /** The image saved now (edit mode); a newly picked file replaces it on save. */
  currentUrl: string | null;
  /** Round preview for a person's photo, wide for a banner or background. */
  shape: "banner" | "portrait";
  /** The hint while the saved image is kept. */
  currentHint: string;
  /** The hint once a file is picked; without it the accepted formats stay shown. */
  pickedHint?: (fileName: string) => string;
}

/**
 * An image file input with a preview (docs/product.md#uploads: images only, else 'Please select an image file.'). The
 * check runs as soon as a file is picked; the form's schema repeats it on submit and the server checks the file's
 * bytes.
 */
export function ImageField(props: ImageFieldProps) {
  const { field, label, currentUrl, shape, currentHint, pickedHint } = props;
  const { id, name, errors } = field;
  const [file, setFile] = useState<File | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const picked = useObjectUrl(file && !pickError ? file : null);
  const preview = file ? picked : currentUrl;
  const shown = pickError ? [pickError] : errors;
  const errorId = `${id}-error`;
  const hint = file ? pickedHint?.(file.name) : currentUrl ? currentHint : undefined;

  function onPick(event: React.ChangeEvent<HTMLInputElement>) {
    const next = event.currentTarget.files?.[0] ?? null;
    setFile(next);
    if (!next) setPickError(null);
    else if (!looksAllowed(IMAGE_TYPES, next)) setPickError(IMAGE_FILE_MESSAGE);
    else if (next.size > MAX_IMAGE_BYTES) setPickError(IMAGE_TOO_LARGE_MESSAGE);
    else setPickError(null);
  }

  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-4">
        <div
          className={cn(
            "flex shrink-0 items-center justify-center overflow-hidden border bg-muted text-muted-foreground",
            shape === "portrait" ? "size-20 rounded-full" : "h-20 w-32 rounded-lg",
          )}
        >
          {preview ? (
            <img src={preview} alt={`${label} preview`} className="size-full object-cover" />
          ) : (
            <Icon name={shape === "portrait" ? "user-round" : "image"} className="size-7" aria-hidden />
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-1">
          <input
            id={id}
            name={name}
            type="file"
            accept={ACCEPT}
            onChange={onPick}
            aria-invalid={shown?.length ? true : undefined}
            aria-describedby={shown?.length ? `${id}-hint ${errorId}` : `${id}-hint`}
            className={cn(
              "block w-full max-w-full overflow-hidden text-sm text-muted-foreground file:mr-3 file:h-9 file:cursor-pointer file:rounded-md file:border-0",
              "file:bg-secondary file:px-3 file:text-sm file:font-semibold file:text-secondary-foreground hover:file:bg-secondary/80",
              "rounded-md focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none",
            )}
          />
          {/* A picked file's name can be one long word: let it wrap anywhere rather than overflow. */}
          <p id={`${id}-hint`} className="text-xs wrap-anywhere text-muted-foreground">
            {hint ?? FORMATS_HINT}
          </p>
          <FieldError id={errorId} errors={shown} />
        </div>
      </div>
    </div>
  );
}

/** A blob: URL for previewing `file`, revoked when the file changes or the field unmounts. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}
