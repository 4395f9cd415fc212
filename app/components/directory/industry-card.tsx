import { Icon } from "~/components/ui/icon";
import { Link } from "react-router";
import type { Industry } from "~/lib/industries";
import { industryListPath } from "~/lib/directory-search";
import { IndustryIcon } from "./industry-icon";

/** A directory chooser card (docs/product.md#directory-chooser): the whole card links to the industry's list. */
export function IndustryCard({ industry, count }: { industry: Industry; count: number }) {
  return (
    <article className="group relative flex w-full flex-col gap-4 rounded-2xl border bg-card p-6 shadow-sm transition-all focus-within:ring-[3px] focus-within:ring-ring/50 hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md">
      <span className="inline-flex size-12 items-center justify-center rounded-xl bg-secondary text-primary transition-colors group-hover:bg-primary group-hover:text-primary-foreground">
        <IndustryIcon industry={industry.id} className="size-6" />
      </span>
      <h3 className="text-xl font-bold text-ink">
        <Link
          to={industryListPath(industry.id)}
          className="outline-none after:absolute after:inset-0 after:rounded-2xl after:content-['']"
        >
          {industry.title}
        </Link>
      </h3>
      <p className="text-sm text-muted-foreground">{industry.description}</p>
      <p className="mt-auto flex items-center justify-between pt-2 text-sm font-semibold text-primary">
        <span>
          {count.toLocaleString("en-US")} {count === 1 ? "business" : "businesses"}
        </span>
        <Icon
          name="arrow-right"
          className="size-4 transition-transform group-hover:translate-x-0.5"
          aria-hidden="true"
        />
      </p>
    </article>
  );
}
