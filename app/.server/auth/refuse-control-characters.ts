import { isOneLine } from "~/lib/form-fields";

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
  return allOneLine(values) ? null : refusal();
}

/** Every string in a parsed body, keys included; a loop rather than recursion, as nesting depth is the sender's. */
function allOneLine(root: unknown): boolean {
  const pending: unknown[] = [root];
  while (pending.length) {
    const value = pending.pop();
    if (typeof value === "string") {
      if (!isOneLine(value)) return false;
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push(item);
    } else if (value !== null && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) pending.push(key, item);
    }
  }
  return true;
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
