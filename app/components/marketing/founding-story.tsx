import { Icon } from "~/components/ui/icon";
import { Link } from "react-router";

/** docs/product.md#home: the founding-story block. */
export function FoundingStory() {
  return (
    <section aria-labelledby="founding-story-title" className="container-page py-16 sm:py-24">
      <div className="grid gap-10 rounded-3xl border bg-card p-8 shadow-sm sm:p-12 lg:grid-cols-[auto_1fr]">
        <div className="grid size-20 place-items-center rounded-2xl bg-sun/30 text-ink">
          <Icon name="sun" className="size-10" aria-hidden="true" />
        </div>
        <div>
          <p className="text-sm font-bold uppercase tracking-wider text-primary">Our story</p>
          <h2 id="founding-story-title" className="mt-2 text-3xl font-extrabold tracking-tight text-ink">
            It started on Ventura Boulevard
          </h2>
          <div className="mt-5 max-w-3xl space-y-4 text-lg text-foreground/80">
            <p>
              Local Shine began in Woodland Hills with a simple observation: small businesses already give
              their neighbors a place to stand and wait. What if that moment by the door helped them find each
              other?
            </p>
            <p>
              Ten kiosks went into a bakery, a car wash, a chiropractor's office and seven more shops whose
              owners said yes to the idea. Customers got clean hands. Owners got free ads. And people started
              walking next door.
            </p>
            <p>
              Today the network stretches across the San Fernando Valley, and we're bringing it to
              neighborhoods all over California, one storefront at a time.
            </p>
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
