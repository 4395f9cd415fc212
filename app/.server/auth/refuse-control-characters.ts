import { everyString, isOneLine } from "~/lib/form-fields";

/**
 * Better Auth's endpoints take one-line values only (emails, passwords, names, tokens, URLs), but check their
 * characters nowhere: a NUL would reach PostgreSQL, which cannot store it, and fail with a 500. This is the same
 * rule as the app's own forms (docs/security.md "Control characters"), applied at the /api/auth/* door: a query
 * string or a JSON or urlencoded body holding a control character or a lone surrogate anywhere, in a value or a
 * key, is refused with 400 before Better Auth sees it. Other bodies are left to Better Auth, which refuses them.
 */
export async function refuseControlCharacters(request: Request): Promise<Response | null> {
  const query = [...new URL(request.url).searchParams].flat();
  if (!query.every(isOneLine)) return refusal();
  if (request.method === "GET" || request.method === "HEAD" || !request.body) return null;

  const type = request.headers.get("content-type") ?? "";
  let values: unknown;
  if (/^application\/json\b/i.test(type)) {
    try {
      values = JSON.parse(await request.clone().text());
    } catch {
      return null; // not JSON: Better Auth answers that itself
    }
  } else if (/^application\/x-www-form-urlencoded\b/i.test(type)) {
    values = [...new URLSearchParams(await request.clone().text())].flat();
  } else {
    return null;
  }
  return everyString(values, isOneLine) ? null : refusal();
}

function refusal() {
  return Response.json(
    {
      code: "INVALID_CHARACTERS",
      message: "Text can't contain tabs, line breaks or other control characters",
    },
    { status: 400 },
  );
}
