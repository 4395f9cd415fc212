import { Icon } from "~/components/ui/icon";
import { BusinessImage } from "./business-image";

/**
 * docs/product.md#one-business: 'Meet {owner name}' with the owner's picture (or initial) and bio; shown when there is
 * an owner name.
 */
export function MeetTheOwner({
  ownerName,
  ownerBio,
  ownerImageUrl,
}: {
  ownerName: string;
  ownerBio: string | null;
  ownerImageUrl: string | null;
}) {
  return (
    <section aria-labelledby="owner-heading" className="rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
      <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
        <div className="size-28 shrink-0 overflow-hidden rounded-full bg-secondary shadow-sm ring-4 ring-sun/40">
          <BusinessImage src={ownerImageUrl} name={ownerName} layout="portrait" initialClassName="text-xl" />
        </div>
        <div>
          <h2 id="owner-heading" className="text-2xl font-bold text-ink">
            {`Meet ${ownerName}`}
          </h2>
          {ownerBio ? (
            <p className="mt-3 leading-relaxed whitespace-pre-line text-foreground/85">{ownerBio}</p>
          ) : null}
        </div>
      </div>
    </section>
  );
}

const VALUE_SECTIONS = {
  quality: { title: "Quality Commitment", icon: "shield-check" },
  community: { title: "Community Impact", icon: "hand-heart" },
} as const;

/**
 * docs/product.md#one-business: the Quality Commitment and Community Impact sections, each shown when the business has
 * that text.
 */
export function BusinessValueSection({ kind, text }: { kind: keyof typeof VALUE_SECTIONS; text: string }) {
  const { title, icon } = VALUE_SECTIONS[kind];
  const headingId = `${kind}-heading`;
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
      <h2 id={headingId} className="flex items-center gap-3 text-xl font-bold text-ink">
        <span className="inline-flex size-10 items-center justify-center rounded-xl bg-secondary text-primary">
          <Icon name={icon} className="size-5" aria-hidden="true" />
        </span>
        {title}
      </h2>
      <p className="mt-4 leading-relaxed whitespace-pre-line text-foreground/85">{text}</p>
    </section>
  );
}
