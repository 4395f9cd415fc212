import { ArrowLeft, BookOpen } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { NOT_FOUND_TITLES, type NotFoundWhat } from "~/lib/not-found";

/** The not-found page the root error boundary shows for a 404 (see `notFound` in app/lib/not-found.ts). */
export function NotFoundPage({ what }: { what: NotFoundWhat }) {
  if (what === "story") {
    return (
      <section className="container-page flex flex-col items-center py-24 text-center">
        <span className="mb-6 inline-flex size-16 items-center justify-center rounded-full bg-secondary text-primary">
          <BookOpen className="size-7" aria-hidden="true" />
        </span>
        <h1 className="text-3xl font-bold text-ink sm:text-4xl">{NOT_FOUND_TITLES.story}</h1>
        <p className="mt-3 max-w-md text-muted-foreground">
          The story you're looking for doesn't exist or has been removed.
        </p>
        <Button asChild size="lg" className="mt-8">
          <Link to="/shine-stories">Browse Shine Stories</Link>
        </Button>
      </section>
    );
  }
  if (what === "business") {
    return (
      <section className="container-page flex flex-col items-center py-24 text-center">
        <h1 className="text-3xl font-bold text-ink sm:text-4xl">{NOT_FOUND_TITLES.business}</h1>
        <p className="mt-3 max-w-md text-muted-foreground">
          This listing doesn't exist or has been removed. The Local Shiners directory has plenty more to
          discover.
        </p>
        <Button asChild size="lg" className="mt-8">
          <Link to="/local-shiners">
            <ArrowLeft aria-hidden="true" />
            Back to Local Shiners
          </Link>
        </Button>
      </section>
    );
  }
  // Spec §2 "404": '404 Oops! Page not found' with a Return to Home link.
  return (
    <section className="container-page flex flex-col items-center py-24 text-center">
      <h1 className="text-3xl font-bold">
        <span className="block text-7xl font-black text-primary">404</span>{" "}
        <span className="mt-4 block">Oops! {NOT_FOUND_TITLES.page}</span>
      </h1>
      <p className="mt-3 max-w-md text-muted-foreground">
        The page you were looking for isn't here. It may have moved, or the link may be mistyped.
      </p>
      <Button asChild className="mt-8" size="lg">
        <Link to="/">Return to Home</Link>
      </Button>
    </section>
  );
}
