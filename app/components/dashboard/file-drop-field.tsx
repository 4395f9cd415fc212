import { Icon } from "~/components/ui/icon";
import { useRef, useState } from "react";
import { Label } from "~/components/ui/label";
import { cn } from "~/lib/cn";
import { formatMegabytes } from "~/lib/media";

interface FileDropFieldProps {
  id: string;
  label: string;
  hint: string;
  accept: string;
  file: File | null;
  onFileChange: (file: File | null) => void;
  disabled?: boolean;
}

/**
 * A file input shown as a drop zone. The real input stays in the tab order (visually hidden) so keyboard and
 * screen-reader users get the native picker; the zone is a mouse and drag-and-drop target for it.
 */
export function FileDropField({ id, label, hint, accept, file, onFileChange, disabled }: FileDropFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  function onDrop(event: React.DragEvent) {
    event.preventDefault();
    setDragging(false);
    if (disabled || !input.current || event.dataTransfer.files.length === 0) return;
    input.current.files = event.dataTransfer.files;
    onFileChange(event.dataTransfer.files[0] ?? null);
  }

  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <div
        onClick={() => input.current?.click()}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          "flex cursor-pointer flex-col items-center justify-center gap-1.5 rounded-lg border-2 border-dashed border-input bg-muted/40 px-4 py-6 text-center transition-colors",
          "hover:border-primary/60 hover:bg-secondary/50 has-[input:focus-visible]:border-ring has-[input:focus-visible]:ring-[3px] has-[input:focus-visible]:ring-ring/50",
          dragging && "border-primary bg-secondary/60",
          disabled && "pointer-events-none opacity-60",
        )}
      >
        {file ? (
          <>
            <Icon name="file-check-corner" className="size-8 text-primary" aria-hidden />
            <span className="max-w-full truncate text-sm font-medium">{file.name}</span>
            <span className="text-xs text-muted-foreground">{formatMegabytes(file.size)}</span>
            <span className="text-xs font-semibold text-primary">Choose a different file</span>
          </>
        ) : (
          <>
            <Icon name="cloud-upload" className="size-8 text-primary" aria-hidden />
            <span className="text-sm">
              <span className="font-semibold text-primary">Click to upload</span> or drag and drop
            </span>
          </>
        )}
        <span id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </span>
        <input
          ref={input}
          id={id}
          name="file"
          type="file"
          accept={accept}
          disabled={disabled}
          aria-describedby={`${id}-hint`}
          className="sr-only"
          onClick={(event) => event.stopPropagation()}
          onChange={(event) => onFileChange(event.currentTarget.files?.[0] ?? null)}
        />
      </div>
    </div>
  );
}
