import { data, isRouteErrorResponse } from "react-router";

/** What a not-found page is about: any path, or a story or business id that names nothing a visitor may see. */
export type NotFoundWhat = "page" | "story" | "business";

/** The heading (and page title) of each not-found page, as the spec words them. */
export const NOT_FOUND_TITLES: Record<NotFoundWhat, string> = {
  page: "Page not found",
  story: "Story Not Found",
  business: "Business not found",
};

/**
 * The one way a loader says "not found": it throws a 404, and the root error boundary renders the not-found page
 * for `what` (app/components/layout/not-found-page.tsx).
 */
export function notFound(what: NotFoundWhat = "page"): never {
  throw data({ notFound: what }, { status: 404 });
}

/** Which not-found page a thrown error asks for, or null when it is not a 404. */
export function notFoundWhat(error: unknown): NotFoundWhat | null {
  if (!isRouteErrorResponse(error) || error.status !== 404) return null;
  const what: unknown = (error.data as { notFound?: unknown } | null)?.notFound;
  return what === "story" || what === "business" ? what : "page";
}
