import type { IslandName } from "./islands";

/**
 * A page's mode, declared once in its route module (`export const handle: PageHandle = …`) and read everywhere it
 * matters: the root layout (hydrate, islands, chrome), `app/entry.server.tsx` (formPage) and the private-URL rule
 * (private), through `app/.server/infra/http/page-modes.ts`. No list of paths repeats it
 * (docs/architecture.md "Page modes"; tests/security/page-modes.test.ts holds each route to its handle).
 */
export interface PageHandle {
  /**
   * `false`: signed-out visitors get the server's HTML and the page's islands, no React
   * (docs/decisions/070-islands-instead-of-hydration.md). Signed-in people and a page showing a toast hydrate.
   */
  hydrate?: boolean;
  /** The islands the root layout loads for this page (with or without React). */
  islands?: IslandName[];
  /**
   * A form page: a refused post (its action returned 400–499, not 413; a document post not 429 either) is
   * answered 200 with the page and the real status in `X-Form-Status`
   * (docs/decisions/071-form-pages-answer-with-a-page.md).
   */
  formPage?: boolean;
  /**
   * Signs people in or out, handles their passwords, or answers for Better Auth: every answer is
   * `Cache-Control: no-store` without an ETag and never kept by the page cache (docs/security.md "No-store for
   * auth pages").
   */
  private?: boolean;
  /** `false`: no header, footer or skip link around the page (the kiosk screens). */
  chrome?: boolean;
}
