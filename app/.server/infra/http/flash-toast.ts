import { createContext, createCookie, type RouterContextProvider } from "react-router";
import type { FlashToast } from "~/lib/flash-toast";

// Not secret: the cookie only carries a message to show once after a redirect.
const toastCookie = createCookie("ls_toast", { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60 });

/** A Set-Cookie header that makes the next page show `toast` once. */
export async function setFlashToast(toast: FlashToast): Promise<string> {
  return toastCookie.serialize(toast);
}

/** Reads the pending toast (if any) and the header that clears it. */
export async function takeFlashToast(
  request: Request,
): Promise<{ toast: FlashToast | null; header: string | null }> {
  const value: unknown = await toastCookie.parse(request.headers.get("Cookie"));
  if (!value || typeof value !== "object") return { toast: null, header: null };
  const toast = value as FlashToast;
  if (typeof toast.title !== "string") return { toast: null, header: null };
  return { toast, header: await toastCookie.serialize("", { maxAge: 0 }) };
}

const answerToast = createContext<FlashToast | null>(null);

/**
 * A toast for the page this request answers with: a form page's action sets it when its reply has one, and the
 * root loader, which runs after the action on a document post, shows it like a flash toast (the page then loads
 * React for it). A `.data` post's reply carries its own toast; its loaders run in a later request.
 */
export function showOnThisPage(context: Readonly<RouterContextProvider>, toast: FlashToast | undefined) {
  if (toast) context.set(answerToast, toast);
}

/** The toast an action of this request asked to show (showOnThisPage), if any. */
export function toastForThisPage(context: Readonly<RouterContextProvider>): FlashToast | null {
  return context.get(answerToast);
}
