import type { Route } from "./+types/auth";
import { isExposedAuthEndpoint } from "~/.server/auth/exposed-endpoints";
import { getServicesFrom } from "~/.server/services";

// Better Auth at /api/auth/*, limited to the endpoints the site's emails link to (DESIGN.md "accounts").
async function handle(request: Request, context: Route.LoaderArgs["context"]) {
  if (!isExposedAuthEndpoint(request.method, new URL(request.url).pathname)) {
    return new Response("Not Found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return getServicesFrom(context).auth.handler(request);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return handle(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return handle(request, context);
}
