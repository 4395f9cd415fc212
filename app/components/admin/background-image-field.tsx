import { ImageIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { FieldError } from "~/components/ui/field-error";
import { Label } from "~/components/ui/label";
import {
  MAX_STORY_IMAGE_BYTES,
  STORY_IMAGE_FIELD,
  STORY_IMAGE_TOO_LARGE_MESSAGE,
} from "~/lib/admin-story-schemas";
import { IMAGE_FILE_MESSAGE } from "~/lib/business-schemas";
import { cn } from "~/lib/cn";
import { IMAGE_TYPES, looksAllowed } from "~/lib/upload-types";

/**
 * The story's Background Image (spec §2: image files only; 'New image: {file name}' or 'Current image set').
 * The check runs as soon as a file is picked; the form's schema repeats it and the server checks the bytes.
 */
export function BackgroundImageField({
  currentUrl,
  errors,
  onChange,
}: {
  /** The story's image now (edit mode); a newly picked file replaces it on save. */
  currentUrl: string | null;
  errors?: string[];
  onChange: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const picked = useObjectUrl(file && !pickError ? file : null);
  const preview = file ? picked : currentUrl;
  const shown = pickError ? [pickError] : errors;
  const id = "story-background-image";
  const errorId = `${STORY_IMAGE_FIELD}-error`;

  function onPick(event: React.ChangeEvent<HTMLInputElement>) {
    const next = event.currentTarget.files?.[0] ?? null;
    setFile(next);
    if (!next) setPickError(null);
    else if (!looksAllowed(IMAGE_TYPES, next)) setPickError(IMAGE_FILE_MESSAGE);
    else if (next.size > MAX_STORY_IMAGE_BYTES) setPickError(STORY_IMAGE_TOO_LARGE_MESSAGE);
    else setPickError(null);
    onChange();
  }

  return (
    <div className="space-y-2">
      <Label htmlFor={id}>Background Image</Label>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-4">
        <div className="flex h-20 w-32 shrink-0 items-center justify-center overflow-hidden rounded-lg border bg-muted text-muted-foreground">
          {preview ? (
            <img src={preview} alt="Background image preview" className="size-full object-cover" />
          ) : (
            <ImageIcon className="size-7" aria-hidden />
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-1">
          <input
            id={id}
            name={STORY_IMAGE_FIELD}
            type="file"
            accept="image/*"
            onChange={onPick}
            aria-invalid={shown?.length ? true : undefined}
            aria-describedby={shown?.length ? `${errorId} ${id}-hint` : `${id}-hint`}
            className={cn(
              "block w-full max-w-full overflow-hidden text-sm text-muted-foreground file:mr-3 file:h-9 file:cursor-pointer file:rounded-md file:border-0",
              "file:bg-secondary file:px-3 file:text-sm file:font-semibold file:text-secondary-foreground hover:file:bg-secondary/80",
              "rounded-md focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none",
            )}
          />
          <p id={`${id}-hint`} className="text-xs break-all text-muted-foreground">
            {file
              ? `New image: ${file.name}`
              : currentUrl
                ? "Current image set"
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
