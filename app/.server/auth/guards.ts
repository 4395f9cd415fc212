import { eq } from "drizzle-orm";
import { redirect, type RouterContextProvider } from "react-router";
import type { Database } from "../infra/db/client";
import { users } from "../infra/db/schema";
import { logger } from "../infra/logging/logger";
import { getServicesFrom } from "../services";
import { hasSessionCookie } from "./session-cookie";

/** Who is asking: what every page and domain function needs to know about the signed-in person. */
export interface Viewer {
  id: string;
  email: string;
  name: string;
  isAdmin: boolean;
}

type Ctx = Readonly<RouterContextProvider>;

/**
 * The server-side admin check (docs/product.md#roles, `is_admin`): reads the role from the database. A failing check is
 * logged and answers false, so a broken check never grants admin.
 */
export async function isAdmin(db: Database, userId: string): Promise<boolean> {
  try {
    const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId)).limit(1);
    return row?.role === "admin";
  } catch (error) {
    logger.error({ err: error, userId }, "admin check failed; treating the user as a non-admin");
    return false;
  }
}

/** The signed-in viewer, or null. Reads the session cookie through Better Auth. */
export async function getViewer(request: Request, context: Ctx): Promise<Viewer | null> {
  if (!hasSessionCookie(request)) return null;
  const { auth, db } = getServicesFrom(context);
  let session;
  try {
    session = await auth.api.getSession({ headers: request.headers });
  } catch (error) {
    logger.warn({ err: error }, "session read failed");
    return null;
  }
  if (!session) return null;
  const { user } = session;
  return { id: user.id, email: user.email, name: user.name, isAdmin: await isAdmin(db, user.id) };
}

/** Signed-out visitors go to /signin, remembering where they were headed. */
export async function requireUser(request: Request, context: Ctx): Promise<Viewer> {
  const viewer = await getViewer(request, context);
  if (viewer) return viewer;
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  throw redirect(`/signin?redirectTo=${encodeURIComponent(back)}`);
}

/** Non-admins (or a failed admin check) go to /dashboard (docs/product.md#roles). */
export async function requireAdmin(request: Request, context: Ctx): Promise<Viewer> {
  const viewer = await requireUser(request, context);
  if (!viewer.isAdmin) throw redirect("/dashboard");
  return viewer;
}

/** A signed-in visitor on /signin goes to /dashboard (docs/product.md#roles). */
export async function requireAnonymous(request: Request, context: Ctx): Promise<void> {
  if (await getViewer(request, context)) throw redirect("/dashboard");
}
