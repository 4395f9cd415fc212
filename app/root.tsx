import { useEffect } from "react";
import {
  data,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { NotFoundPage } from "~/components/layout/not-found-page";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { Button } from "~/components/ui/button";
import { iconSpriteHref } from "~/components/ui/icon";
import { Toaster } from "~/components/ui/sonner";
import { islandUrl } from "~/lib/islands";
import type { PageHandle } from "~/lib/page-handle";
import { useNonce } from "~/lib/nonce";
import { NOT_FOUND_TITLES, notFoundWhat } from "~/lib/not-found";
import { notify } from "~/components/ui/toast";
import { getViewer } from "~/.server/auth/guards";
import { takeFlashToast, toastForThisPage } from "~/.server/infra/http/flash-toast";
import { keepRenderedPage } from "~/.server/infra/http/page-cache";
import { tagPublicPage } from "~/.server/infra/http/page-etag";
import { neverStorePrivateUrls } from "~/.server/infra/http/private-urls";
import { getServicesFrom } from "~/.server/services";

// Outermost first. Private URLs are answered no-store, without an ETag, whatever was rendered; the page cache
// (app/.server/infra/http/page-cache.ts) sees the final headers and keeps only public pages, with their ETag.
export const middleware: Route.MiddlewareFunction[] = [
  keepRenderedPage,
  neverStorePrivateUrls,
  tagPublicPage,
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getViewer(request, context);
  const { toast, header } = await takeFlashToast(request);
  const { env } = getServicesFrom(context);
  return data(
    {
      viewer: viewer ? { email: viewer.email, name: viewer.name, isAdmin: viewer.isAdmin } : null,
      // From a redirect (the cookie), or from the form this page answers (a refused sign-in, say).
      toast: toast ?? toastForThisPage(context),
      appUrl: env.APP_URL,
    },
    header ? { headers: { "Set-Cookie": header } } : undefined,
  );
}

/** Pages set their own tags; an error page (rendered by the boundary below) is titled for what went wrong. */
export const meta: Route.MetaFunction = ({ error }) => {
  if (!error) return [];
  const what = notFoundWhat(error);
  return [
    { title: `${what ? NOT_FOUND_TITLES[what] : "Error"} | Local Shine` },
    { name: "robots", content: "noindex" },
  ];
};

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/site.webmanifest" },
  { rel: "preload", href: iconSpriteHref, as: "image", type: "image/svg+xml" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // A route can declare `handle = { hydrate: false }`: for visitors that page then ships no React, only the
  // islands it lists in `handle.islands` (docs/decisions/070-islands-instead-of-hydration.md). Signed-in people
  // still get React, for their account menu, and so does a page showing a toast; the islands load either way.
  const rootData = useRouteLoaderData<typeof loader>("root");
  const handles = useMatches().map((match) => (match.handle ?? {}) as PageHandle);
  const staticPage = handles.some((handle) => handle.hydrate === false);
  const hydrate = !staticPage || Boolean(rootData?.viewer) || Boolean(rootData?.toast);
  // The phone menu's Escape key is an island on every page, so it works with or without React.
  const islands = [...new Set(["phone-menu" as const, ...handles.flatMap((handle) => handle.islands ?? [])])];
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0d6c78" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
        >
          Skip to content
        </a>
        {rootData?.toast ? (
          <noscript>
            {/* Without script the toast can't pop up: the message stays on the page instead. */}
            <div role="status" className="border-b bg-secondary px-4 py-3 text-center text-sm">
              <p className="font-semibold text-ink">{rootData.toast.title}</p>
              {rootData.toast.description ? <p>{rootData.toast.description}</p> : null}
            </div>
          </noscript>
        ) : null}
        {children}
        <Toaster />
        {islands.map((name) => (
          <script key={name} type="module" src={islandUrl(name)} nonce={nonce} />
        ))}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { toast } = loaderData;
  useEffect(() => {
    if (toast) notify(toast);
  }, [toast]);
  // A route can declare `handle = { chrome: false }` (the kiosk screens): no header, footer or skip link around it.
  const bare = useMatches().some((match) => (match.handle as PageHandle | undefined)?.chrome === false);
  if (bare) return <Outlet />;
  return (
    <>
      <SiteHeader viewer={loaderData.viewer} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter viewer={loaderData.viewer} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const notFound = notFoundWhat(error);
  return (
    <>
      <SiteHeader viewer={rootData?.viewer ?? null} />
      <main id="main" className="flex-1">
        {notFound ? <NotFoundPage what={notFound} /> : <UnexpectedError />}
      </main>
      <SiteFooter viewer={rootData?.viewer ?? null} />
    </>
  );
}

function UnexpectedError() {
  return (
    <section className="container-page flex flex-col items-center py-24 text-center">
      <h1 className="text-3xl font-bold">Error</h1>
      <p className="mt-3 max-w-md text-muted-foreground">An unexpected error occurred. Please try again.</p>
      <Button asChild className="mt-8">
        <Link to="/">Return to Home</Link>
      </Button>
    </section>
  );
}
