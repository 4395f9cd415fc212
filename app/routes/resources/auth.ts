import type { Route } from "./+types/auth";
import { refuseControlCharacters } from "~/.server/auth/refuse-control-characters";
import { getServicesFrom } from "~/.server/services";

// Better Auth's own endpoints (verify-email, reset-password links, session reads): DESIGN.md "accounts".
export async function loader({ request, context }: Route.LoaderArgs) {
  return (await refuseControlCharacters(request)) ?? getServicesFrom(context).auth.handler(request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return (await refuseControlCharacters(request)) ?? getServicesFrom(context).auth.handler(request);
}
