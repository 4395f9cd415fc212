import type { Route } from "./+types/not-found";
import { NotFoundPage } from "~/components/layout/not-found-page";
import { notFound } from "~/lib/not-found";
import { getRequestInfo } from "~/.server/infra/http/request-context";

/** Any other path is logged and answered with the 404 page (rendered by the root's error boundary). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  getRequestInfo(context).log.warn({ path: pathname }, "unknown path");
  notFound();
}

// The loader always throws, so the root's error boundary shows the page; a route without a component would be a
// resource route, which answers a thrown 404 without the page.
export default function NotFound() {
  return <NotFoundPage what="page" />;
}
