import { createContext, redirect, type RouterContextProvider } from "react-router";
import type { FlashToast } from "~/lib/flash-toast";
import { setFlashToast } from "../infra/http/flash-toast";
import { getRequestInfo } from "../infra/http/request-context";

/** The caller of an auth operation: its headers (cookies) and its client IP as Express resolved it. */
export function callerOf(request: Request, context: Readonly<RouterContextProvider>) {
  return { headers: request.headers, clientIp: getRequestInfo(context).clientIp };
}

/** The toast of a failed sign-in, sign-up or reset: 'Authentication Error' with the auth service's message. */
export function authErrorToast(message: string): FlashToast {
  return { title: "Authentication Error", description: message, variant: "destructive" };
}

/** A redirect that shows `toast` on the next page and forwards any auth cookies. */
export async function redirectWithToast(to: string, toast: FlashToast, cookies: string[] = []) {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await setFlashToast(toast));
  return redirect(to, { headers });
}

const signedUpAs = createContext<string | null>(null);

/**
 * The address a sign-up (or a resend) was just sent for, kept for this request only: the sign-in page's loader,
 * which runs after the action on a document post, gives it to the "Check your email" panel. It is never part of the
 * action's reply, whose bytes must not depend on the address (docs/security.md "Account enumeration").
 */
export function rememberSignedUpAs(context: Readonly<RouterContextProvider>, email: string) {
  context.set(signedUpAs, email);
}

export function signedUpAsOf(context: Readonly<RouterContextProvider>): string | null {
  return context.get(signedUpAs);
}
