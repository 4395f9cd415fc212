import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { NOT_FOUND_TITLES, type NotFoundWhat } from "~/lib/not-found";

/** What each not-found page says, and where it leads back to. */
const PAGES: Record<NotFoundWhat, { message: string; back: { to: string; label: string } }> = {
  page: {
    message: "The page you were looking for isn't here. It may have moved, or the link may be mistyped.",
    back: { to: "/", label: "Return to Home" },
  },
  story: {
    message: "The story you're looking for doesn't exist or has been removed.",
    back: { to: "/shine-stories", label: "Browse Shine Stories" },
  },
  business: {
    message:
      "This listing doesn't exist or has been removed. The Local Shiners directory has plenty more to discover.",
    back: { to: "/local-shiners", label: "Back to Local Shiners" },
  },
};

/**
 * The not-found page the root's error boundary shows for a 404 (see `notFound` in app/lib/not-found.ts). Any
 * other path reads '404 Oops! Page not found'. Every page loads this with the root, so it stays small.
 */
export function NotFoundPage({ what }: { what: NotFoundWhat }) {
  const { message, back } = PAGES[what];
  return (
    <section className="container-page flex flex-col items-center py-24 text-center">
      <h1 className="text-3xl font-bold text-ink sm:text-4xl">
        {what === "page" ? (
          <>
            <span className="block text-7xl font-black text-primary">404</span>{" "}
            <span className="mt-4 block">Oops! {NOT_FOUND_TITLES.page}</span>
          </>
        ) : (
          NOT_FOUND_TITLES[what]
        )}
      </h1>
      <p className="mt-3 max-w-md text-muted-foreground">{message}</p>
      <Button asChild size="lg" className="mt-8">
        <Link to={back.to}>{back.label}</Link>
      </Button>
    </section>
  );
}
