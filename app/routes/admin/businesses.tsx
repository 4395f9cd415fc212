import type { Route } from "./+types/businesses";
import { requireUser } from "~/.server/auth/guards";

// Placeholder registered by the foundation (guard included); the business dashboard issue replaces the page.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  return null;
}

export default function Page() {
  return <section className="container-page py-16" />;
}
