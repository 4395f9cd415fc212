import type { Route } from "./+types/auth";
import { isExposedAuthEndpoint } from "~/.server/auth/exposed-endpoints";
import { refuseControlCharacters } from "~/.server/auth/refuse-control-characters";
import type { PageHandle } from "~/lib/page-handle";
import { getServicesFrom } from "~/.server/services";

// Better Auth at /api/auth/*, limited to the endpoints the site's emails link to (docs/security.md "One door to
// accounts"); control characters never reach it (docs/security.md "Control characters").
export const handle: PageHandle = { private: true };

async function answer(request: Request, context: Route.LoaderArgs["context"]) {
  if (!isExposedAuthEndpoint(request.method, new URL(request.url).pathname)) {
    return new Response("Not Found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return (await refuseControlCharacters(request)) ?? getServicesFrom(context).auth.handler(request);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return answer(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return answer(request, context);
}
