import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { getRequestInfo } from "~/.server/request-context";
import { NotFoundContent } from "~/root";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  getRequestInfo(context).log.warn({ path: pathname }, "unknown path");
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [
  { title: "Page not found | Local Shine" },
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  return <NotFoundContent />;
}
