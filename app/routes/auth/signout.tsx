import { redirect } from "react-router";
import type { Route } from "./+types/signout";
import { signOut } from "~/.server/accounts/accounts";
import { callerOf } from "~/.server/accounts/action-helpers";
import type { PageHandle } from "~/lib/page-handle";
import { getServicesFrom } from "~/.server/services";

export const handle: PageHandle = { private: true };

// docs/product.md#shared-header-and-footer: Sign Out ends the session (on the server) and goes to /.
export async function action({ request, context }: Route.ActionArgs) {
  const cookies = await signOut(getServicesFrom(context), callerOf(request, context));
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return redirect("/", { headers });
}

export async function loader() {
  return redirect("/");
}
