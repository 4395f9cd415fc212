import type { Route } from "./+types/media";
import { requireUser } from "~/.server/auth/guards";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Local Shine" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireUser(request, context);
  return { email: viewer.email };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return (
    <section className="container-page py-12">
      <h1 className="text-3xl font-bold">Welcome to Your Dashboard</h1>
      <p className="mt-2 text-muted-foreground">Signed in as {loaderData.email}</p>
    </section>
  );
}
