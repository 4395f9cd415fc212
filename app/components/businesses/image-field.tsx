import { ImageIcon, UserRound } from "lucide-react";
import { useEffect, useState } from "react";
import { FieldError } from "~/components/ui/field-error";
import { Label } from "~/components/ui/label";
import {
  IMAGE_FILE_MESSAGE,
  IMAGE_TOO_LARGE_MESSAGE,
  MAX_BUSINESS_IMAGE_BYTES,
} from "~/lib/business-schemas";
import { cn } from "~/lib/cn";
import { acceptAttribute, IMAGE_TYPES, looksAllowed } from "~/lib/upload-types";

const ACCEPT = acceptAttribute(IMAGE_TYPES);

interface ImageFieldProps {
  id: string;
  name: string;
  label: string;
  /** The image the listing has now (edit mode); a newly picked file replaces it on save. */
  currentUrl: string | null;
  /** Errors from the form's schema check or the server's reply. */
  errors?: string[];
  onChange: () => void;
  /** Round preview for a person's photo, wide for a business banner. */
  shape: "banner" | "portrait";
}

/**
 * An image file input with a preview (spec §5: images only, else 'Please select an image file.'). The check runs
 * as soon as a file is picked; the form's schema repeats it on submit and the server checks the file's bytes.
 */
export function ImageField({ id, name, label, currentUrl, errors, onChange, shape }: ImageFieldProps) {
  const [file, setFile] = useState<File | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const preview = useObjectUrl(file && !pickError ? file : null) ?? (file ? null : currentUrl);
  const shown = pickError ? [pickError] : errors;
  const errorId = `${name}-error`;

  function onPick(event: React.ChangeEvent<HTMLInputElement>) {
    const picked = event.currentTarget.files?.[0] ?? null;
    setFile(picked);
    if (!picked) setPickError(null);
    else if (!looksAllowed(IMAGE_TYPES, picked)) setPickError(IMAGE_FILE_MESSAGE);
    else if (picked.size > MAX_BUSINESS_IMAGE_BYTES) setPickError(IMAGE_TOO_LARGE_MESSAGE);
    else setPickError(null);
    onChange();
  }

  const Placeholder = shape === "portrait" ? UserRound : ImageIcon;
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
            <Placeholder className="size-7" aria-hidden />
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
            aria-describedby={shown?.length ? `${errorId} ${id}-hint` : `${id}-hint`}
            className={cn(
              "block w-full max-w-full overflow-hidden text-sm text-muted-foreground file:mr-3 file:h-9 file:cursor-pointer file:rounded-md file:border-0",
              "file:bg-secondary file:px-3 file:text-sm file:font-semibold file:text-secondary-foreground hover:file:bg-secondary/80",
              "rounded-md focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none",
            )}
          />
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {currentUrl && !file
              ? "Current image set. Choose a file to replace it."
              : "JPG, PNG, WebP or GIF, up to 20MB."}
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
