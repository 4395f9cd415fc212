import type { Route } from "./+types/stories";
import { requireAdmin } from "~/.server/auth/guards";

// Placeholder registered by the foundation (guard included); the admin panels issue replaces the page.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

export default function Page() {
  return <section className="container-page py-16" />;
}
