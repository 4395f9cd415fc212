import type { Route } from "./+types/results-csv";
import { parseResultsQuery, RESULTS_BAD_SCOPE } from "~/lib/results";
import { requireUser } from "~/.server/auth/guards";
import { getOwnerResults, resultsCsv } from "~/.server/results/owner-results";
import { getServicesFrom } from "~/.server/services";

/** /dashboard/results.csv: the Results page's figures by day, for the same scope and period (the viewer's own). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireUser(request, context);
  const query = parseResultsQuery(new URL(request.url).searchParams);
  if (!query.ok) return refusal(query.message, 400);
  const { db, env } = getServicesFrom(context);
  const answer = await getOwnerResults(db, viewer, {
    scope: query.scope,
    days: query.days,
    timeZone: env.SITE_TIMEZONE,
  });
  if (!answer.ok) return refusal(RESULTS_BAD_SCOPE, 404);
  const { results } = answer;
  const name = `local-shine-results-${results.from}-to-${results.to}.csv`;
  return new Response(resultsCsv(results), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

function refusal(message: string, status: number) {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}
