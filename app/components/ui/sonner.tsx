import type * as React from "react";
import { Toaster as Sonner, type ToasterProps } from "sonner";

/** App-wide toast outlet. Render once in the root layout; trigger toasts via `notify()` from `./toast`. */
export function Toaster(props: ToasterProps) {
  return (
    <Sonner
      className="toaster group"
      position="top-right"
      richColors
      closeButton
      style={
        {
          "--normal-bg": "var(--popover)",
          "--normal-text": "var(--popover-foreground)",
          "--normal-border": "var(--border)",
        } as React.CSSProperties
      }
      {...props}
    />
  );
}
