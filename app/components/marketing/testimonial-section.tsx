import { Icon } from "~/components/ui/icon";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { SectionHeading } from "./section-heading";

/** docs/product.md#home: what partners say, and Read More Stories (→ /shine-stories, where their stories are). */
export function TestimonialSection() {
  return (
    <section aria-labelledby="testimonial-title" className="bg-ink py-16 text-white sm:py-24">
      <div className="container-page">
        <SectionHeading
          id="testimonial-title"
          eyebrow="Shine Stories"
          title="Neighbors helping neighbors get found"
          tone="dark"
        />
        <div className="mt-10 grid gap-6 lg:grid-cols-5">
          <figure className="rounded-3xl bg-white/5 p-8 ring-1 ring-white/10 lg:col-span-3">
            <Icon name="quote" className="size-10 text-sun" aria-hidden="true" />
            <blockquote className="mt-4 text-2xl leading-snug font-semibold text-balance sm:text-3xl">
              “It's the same thing we've always done: treat the neighbors well. The kiosk just helps more of
              them find us.”
            </blockquote>
            <figcaption className="mt-6 text-white/80">
              <span className="font-bold text-white">Jasmine Cho</span>, Marigold Morning Café, Tarzana
            </figcaption>
          </figure>
          <figure className="flex flex-col justify-between rounded-3xl bg-sun p-8 text-ink lg:col-span-2">
            <blockquote className="text-lg leading-relaxed font-medium">
              “I'd rather my customers see the plumber and the chiropractor down the street than some national
              brand. We all do better when people stay local.”
            </blockquote>
            <figcaption className="mt-6">
              <span className="font-bold">Elena Sokolova</span>, Canyon Crumb Bakery, Woodland Hills
            </figcaption>
          </figure>
        </div>
        <Button asChild size="lg" variant="warm" className="mt-10">
          <Link to="/shine-stories">Read More Stories</Link>
        </Button>
      </div>
    </section>
  );
}
