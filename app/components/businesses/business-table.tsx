import { Icon } from "~/components/ui/icon";
import type { IconName } from "~/components/ui/icons/names";
import { Link } from "react-router";
import { DeleteBusinessButton } from "~/components/businesses/delete-business-button";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import type { ManagedBusiness } from "~/lib/business-schemas";
import { industryTitle } from "~/lib/industries";
import { ListingStatusBadge, PublishToggle } from "./listing-review";

/** docs/product.md#business-listing-dashboard: "x/5 with review count", e.g. '4.5/5 (23 reviews)'. */
export function formatRating(rating: number, reviewCount: number): string {
  return `${Number(rating.toFixed(1))}/5 (${reviewCount} ${reviewCount === 1 ? "review" : "reviews"})`;
}

interface BusinessTableProps {
  businesses: ManagedBusiness[];
  onEdit: (business: ManagedBusiness) => void;
  /** Shown instead of rows when there are none (docs/product.md#empty-and-missing), with a line of help under it. */
  empty: { title: string; hint: string };
  /** Admins publish and unpublish from the row. */
  isAdmin?: boolean;
}

/**
 * The dashboard table (docs/product.md#business-listing-dashboard): Name, Industry, Location (city, state), Phone (a
 * dash if empty), Rating and Actions. On phones the same rows are cards, because six columns don't fit a 360px screen.
 */
export function BusinessTable({ businesses, onEdit, empty, isAdmin = false }: BusinessTableProps) {
  if (businesses.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-2xl border-2 border-dashed bg-card/60 px-6 py-16 text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-sun/25 text-ink">
          <Icon name="store" className="size-8" aria-hidden />
        </span>
        <p className="mt-5 text-lg font-semibold">{empty.title}</p>
        <p className="mt-2 max-w-sm text-sm text-muted-foreground">{empty.hint}</p>
      </div>
    );
  }

  return (
    <>
      <div className="hidden overflow-hidden rounded-xl border bg-card shadow-xs md:block">
        <Table>
          <TableHeader className="bg-muted/60">
            <TableRow className="hover:bg-transparent">
              <TableHead className="px-4">Name</TableHead>
              <TableHead>Industry</TableHead>
              <TableHead>Location</TableHead>
              <TableHead>Phone</TableHead>
              <TableHead>Rating</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="px-4 text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {businesses.map((business) => (
              <TableRow key={business.id}>
                <TableCell className="max-w-72 truncate px-4 font-semibold">
                  <Link to={`/business/${business.id}`} className="hover:text-primary hover:underline">
                    {business.name}
                  </Link>
                </TableCell>
                <TableCell>
                  <Badge variant="secondary">{industryTitle(business.industry)}</Badge>
                </TableCell>
                <TableCell>{`${business.city}, ${business.state}`}</TableCell>
                <TableCell className="tabular-nums">{business.phone || "-"}</TableCell>
                <TableCell className="tabular-nums">
                  {formatRating(business.rating, business.reviewCount)}
                </TableCell>
                <TableCell className="max-w-56">
                  <ListingStatusBadge business={business} />
                </TableCell>
                <TableCell className="px-4 text-right">
                  <RowActions business={business} onEdit={onEdit} isAdmin={isAdmin} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>

      <ul className="space-y-3 md:hidden" aria-label="Business listings">
        {businesses.map((business) => (
          <li key={business.id} className="rounded-xl border bg-card p-4 shadow-xs">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <Link
                  to={`/business/${business.id}`}
                  className="block truncate font-semibold hover:text-primary hover:underline"
                >
                  {business.name}
                </Link>
                <Badge variant="secondary" className="mt-1.5">
                  {industryTitle(business.industry)}
                </Badge>
                <div className="mt-1.5">
                  <ListingStatusBadge business={business} />
                </div>
              </div>
              <div className="-mt-1 -mr-2 flex shrink-0">
                <RowActions business={business} onEdit={onEdit} isAdmin={isAdmin} />
              </div>
            </div>
            <dl className="mt-3 grid gap-1.5 text-sm text-muted-foreground">
              <CardLine icon="map-pin" label="Location" value={`${business.city}, ${business.state}`} />
              <CardLine icon="phone" label="Phone" value={business.phone || "-"} />
              <CardLine
                icon="star"
                label="Rating"
                value={formatRating(business.rating, business.reviewCount)}
              />
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}

function RowActions({
  business,
  onEdit,
  isAdmin,
}: {
  business: ManagedBusiness;
  onEdit: (business: ManagedBusiness) => void;
  isAdmin: boolean;
}) {
  return (
    <div className="inline-flex items-center gap-1">
      {isAdmin && business.status !== "pending" ? <PublishToggle business={business} /> : null}
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="size-9"
        aria-label={`Edit ${business.name}`}
        onClick={() => onEdit(business)}
      >
        <Icon name="pencil" aria-hidden />
      </Button>
      <DeleteBusinessButton id={business.id} name={business.name} />
    </div>
  );
}

function CardLine({ icon, label, value }: { icon: IconName; label: string; value: string }) {
  return (
    <div className="flex items-center gap-2">
      <dt>
        <Icon name={icon} className="size-4 text-primary" aria-hidden />
        <span className="sr-only">{label}</span>
      </dt>
      <dd className="min-w-0 truncate">{value}</dd>
    </div>
  );
}
