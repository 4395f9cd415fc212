import { Link } from "react-router";
import { IndustryIcon } from "~/components/directory/industry-icon";
import { Icon } from "~/components/ui/icon";
import type { Industry } from "~/lib/industries";

/** "1 story" / "3 stories". */
export function storyCountLabel(count: number): string {
  return `${count} ${count === 1 ? "story" : "stories"}`;
}

/** An Explore by Industry card (docs/product.md#stories-home): the whole card is one link to the industry's stories. */
export function IndustryStoryCard({ industry, count }: { industry: Industry; count: number }) {
  return (
    <article className="group relative flex flex-col gap-3 rounded-xl border bg-card p-5 shadow-sm transition-all focus-within:ring-[3px] focus-within:ring-ring/50 hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md">
      <span className="inline-flex size-11 items-center justify-center rounded-lg bg-secondary text-primary">
        <IndustryIcon industry={industry.id} className="size-5" />
      </span>
      <h3 className="font-bold text-ink">
        <Link
          to={`/shine-stories/${industry.id}`}
          className="outline-none after:absolute after:inset-0 after:rounded-xl after:content-['']"
        >
          {industry.title}
        </Link>
      </h3>
      <p className="text-sm text-muted-foreground">{industry.description}</p>
      <p className="mt-auto flex items-center justify-between pt-2 text-sm font-semibold text-primary">
        <span>{storyCountLabel(count)}</span>
        <Icon
          name="arrow-right"
          className="size-4 transition-transform group-hover:translate-x-0.5"
          aria-hidden="true"
        />
      </p>
    </article>
  );
}
