import { Icon } from "~/components/ui/icon";
import { Link } from "react-router";

/**
 * docs/product.md#home: the founding-story block. Its copy follows the network's real state: until a kiosk is lit
 * up in a partner shop (`live`, from the live figures), it tells the plan, not a past that has not happened yet.
 */
export function FoundingStory({ live }: { live: boolean }) {
  return (
    <section aria-labelledby="founding-story-title" className="container-page py-16 sm:py-24">
      <div className="grid gap-10 rounded-3xl border bg-card p-8 shadow-sm sm:p-12 lg:grid-cols-[auto_1fr]">
        <div className="grid size-20 place-items-center rounded-2xl bg-sun/30 text-ink">
          <Icon name="sun" className="size-10" aria-hidden="true" />
        </div>
        <div>
          <p className="text-sm font-bold uppercase tracking-wider text-primary">Our story</p>
          <h2 id="founding-story-title" className="mt-2 text-3xl font-extrabold tracking-tight text-ink">
            {live ? "It started on Ventura Boulevard" : "It starts on Ventura Boulevard"}
          </h2>
          <div className="mt-5 max-w-3xl space-y-4 text-lg text-foreground/80">
            <p>
              Local Shine {live ? "began" : "begins"} in Woodland Hills with a simple observation: small
              businesses already give their neighbors a place to stand and wait. What if that moment by the
              door helped them find each other?
            </p>
            {live ? (
              <>
                <p>
                  The first kiosks went into shops whose owners said yes to the idea. Customers got clean
                  hands. Owners got free ads. And people started walking next door.
                </p>
                <p>Next, we're bringing it to neighborhoods all over California, one storefront at a time.</p>
              </>
            ) : (
              <p>
                Our first kiosks are going into partner shops now: clean hands for their customers, free ads
                for their owners, and a reason for people to walk next door. From Woodland Hills, we'll bring
                it to neighborhoods all over California, one storefront at a time.
              </p>
            )}
          </div>
          <Link
            to="/about"
            className="mt-6 inline-block font-semibold text-primary underline-offset-4 hover:underline"
          >
            Learn more about the Digital Kiosk
          </Link>
        </div>
      </div>
    </section>
  );
}
