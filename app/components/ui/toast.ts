import { toast } from "sonner";

export type NotifyOptions = {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
};

/** The app's single toast helper: destructive → error toast, otherwise success toast. */
export function notify({ title, description, variant = "default" }: NotifyOptions) {
  if (variant === "destructive") return toast.error(title, { description });
  return toast.success(title, { description });
}

/** Clears the toasts on screen: a dialog that opens starts without an earlier page's message over it. */
export function dismissToasts() {
  toast.dismiss();
}
