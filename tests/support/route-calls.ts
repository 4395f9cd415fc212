import { eq } from "drizzle-orm";
import sharp from "sharp";
import { expect } from "vitest";
import { signIn, signUp } from "~/.server/accounts/accounts";
import { users } from "~/.server/infra/db/schema";
import type { Services } from "~/.server/services";
import { createRouteContext } from "./test-route-context";

// Helpers for tests that call route modules' loaders and actions directly, the way server/app.ts would.

/** The origin crafted requests come from: the same as the app's, so only the session decides. */
export const ORIGIN = "http://localhost:3999";

/**
 * A confirmed account signed in through the real sign-up and sign-in: `cookie` is the Cookie header a browser would
 * then send, and `id` the user's id.
 */
export async function signInConfirmedUser(
  services: Services,
  { email, password, clientIp }: { email: string; password: string; clientIp: string },
) {
  const caller = { headers: new Headers(), clientIp };
  expect((await signUp(services, caller, { email, password })).ok).toBe(true);
  await services.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
  const session = await signIn(services, caller, { email, password, rememberMe: false });
  if (!session.ok) throw new Error(session.message);
  const [row] = await services.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { id: row!.id, cookie: session.cookies.map((cookie) => cookie.split(";")[0]).join("; ") };
}

/**
 * `signInConfirmedUser` for every account of `emails`, one after another, each from its own client IP
 * (`${ipPrefix}.1`, `.2`, ...). Keyed like `emails`.
 */
export async function signInConfirmedUsers<Key extends string>(
  services: Services,
  emails: Record<Key, string>,
  { password, ipPrefix }: { password: string; ipPrefix: string },
) {
  const users = {} as Record<Key, { id: string; cookie: string }>;
  for (const [index, key] of (Object.keys(emails) as Key[]).entries()) {
    users[key] = await signInConfirmedUser(services, {
      email: emails[key],
      password,
      clientIp: `${ipPrefix}.${index + 1}`,
    });
  }
  return users;
}

/** A real 4×4 PNG, for image fields. */
export async function tinyPng() {
  const image = sharp({ create: { width: 4, height: 4, channels: 3, background: "#fc0" } });
  return new Uint8Array(await image.png().toBuffer());
}

/** Same-origin request headers, carrying the session cookie when there is one (empty: a signed-out visitor). */
export function sessionHeaders(cookie: string | null | undefined) {
  const headers = new Headers({ Origin: ORIGIN });
  if (cookie) headers.set("Cookie", cookie);
  return headers;
}

/** The `{ request, context, params }` a loader or action gets; typed loosely so any route module accepts it. */
export function routeArgs(
  services: Services,
  request: Request,
  { clientIp = "127.0.0.1" }: { clientIp?: string } = {},
) {
  return { request, context: createRouteContext(services, { clientIp }), params: {} } as never;
}

/** What React Router hands the error boundary and `meta` when `load` throws a reply such as `notFound(...)`. */
export function routeErrorOf(load: () => unknown) {
  try {
    load();
  } catch (thrown) {
    const { data, init } = thrown as { data: unknown; init: { status: number } };
    return { status: init.status, statusText: "", internal: false, data };
  }
  throw new Error("nothing was thrown");
}
