import { DashboardHeader } from "~/components/layout/dashboard-header";
import { Icon } from "~/components/ui/icon";
import { useEffect, useState } from "react";
import type { Route } from "./+types/businesses";
import { BusinessFormDialog } from "~/components/businesses/business-form-dialog";
import { BusinessPagination } from "~/components/businesses/business-pagination";
import { BusinessSearch } from "~/components/businesses/business-search";
import { BusinessTable } from "~/components/businesses/business-table";
import { useDeleteBusinessToasts } from "~/components/businesses/delete-business-button";
import { Button } from "~/components/ui/button";
import { notify } from "~/components/ui/toast";
import {
  BUSINESS_TOASTS,
  BusinessActionSchema,
  CLAIM_TOASTS,
  ManageSearchSchema,
  SaveBusinessSchema,
  type ManagedBusiness,
} from "~/lib/business-schemas";
import { hasFieldErrors } from "~/lib/form-submission";
import { requireUser } from "~/.server/auth/guards";
import {
  deleteBusiness,
  listManagedBusinesses,
  listPendingBusinesses,
  reviewBusiness,
} from "~/.server/businesses/manage";
import { ClaimDecisionCard, DecisionToasts, ListingReviewCard } from "~/components/businesses/listing-review";
import { ListingEditReviewCard } from "~/components/businesses/listing-edit";
import { listPendingListingEdits, reviewListingEdit } from "~/.server/businesses/listing-edits";
import { decideClaim, listPendingClaims } from "~/.server/businesses/claims";
import { BUSINESS_FORM_BUDGET, businessFormOptions, saveBusiness } from "~/.server/businesses/save-business";
import { dialogAction, type DialogRequest } from "~/.server/actions/dialog-action";
import { formReply } from "~/.server/actions/form-actions";
import { storageQuotaOf } from "~/.server/media/storage-quota";
import { getRequestInfo } from "~/.server/infra/http/request-context";
import { getServicesFrom } from "~/.server/services";
import { receiveValidatedForm } from "~/.server/infra/uploads";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.isAdmin ? "All Business Listings" : "My Business Listings"} | Local Shine` },
  { name: "description", content: "Add, edit and remove your Local Shiners directory listings." },
  { name: "robots", content: "noindex" },
];

/**
 * docs/product.md#business-listing-dashboard: sign-in required; owners see their own listings, admins every listing
 * (scoped in the query).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireUser(request, context);
  const search = ManageSearchSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const base = { isAdmin: viewer.isAdmin, q: search.q };
  const { db } = getServicesFrom(context);
  try {
    const pending = viewer.isAdmin ? await listPendingBusinesses(db, viewer) : null;
    const claims = viewer.isAdmin ? await listPendingClaims(db, viewer) : null;
    const edits = viewer.isAdmin ? await listPendingListingEdits(db, viewer) : null;
    return {
      ...base,
      ...(await listManagedBusinesses(db, viewer, search)),
      queue: pending?.ok ? pending.queue : [],
      edits: edits?.ok ? edits.queue : [],
      claims: claims?.ok ? claims.claims : [],
      loadError: false,
    };
  } catch (error) {
    // docs/product.md#toasts: the page still renders, with the 'Failed to fetch businesses' toast.
    getRequestInfo(context).log.error({ err: error, userId: viewer.id }, "business list failed to load");
    return {
      ...base,
      businesses: [],
      queue: [],
      edits: [],
      claims: [],
      total: 0,
      page: 1,
      pageCount: 1,
      loadError: true,
    };
  }
}

/**
 * The dialog's save (multipart: text fields, then images) and the delete button (intent "delete"). A signed-out
 * save is answered 401 with the spec's message before any of its body is read.
 */
export function action(args: Route.ActionArgs) {
  return dialogAction(args, {
    schema: BusinessActionSchema,
    failed: BUSINESS_TOASTS.deleteFailed,
    async act(input, { viewer, services, log }) {
      if (input.intent === "claim-approve" || input.intent === "claim-reject") {
        const result = await decideClaim(services, viewer, input.claimId, input.intent === "claim-approve");
        if (!result.ok) return formReply({ ok: false, toast: BUSINESS_TOASTS.reviewFailed }, result.status);
        return formReply({ ok: true, intent: input.intent, id: input.claimId, toast: CLAIM_TOASTS.decided });
      }
      const { id } = input;
      if (input.intent === "approve-edit" || input.intent === "reject-edit") {
        // docs/decisions/076-reviewed-edits.md: admins only (the domain function refuses anyone else with 403).
        const result = await reviewListingEdit(services, viewer, id, input);
        if (!result.ok) {
          log.info(
            { status: result.status, userId: viewer.id, businessId: id },
            "listing edit review refused",
          );
          return formReply({ ok: false, toast: BUSINESS_TOASTS.reviewFailed }, result.status);
        }
        log.info({ userId: viewer.id, businessId: id, decision: input.intent }, "listing edit reviewed");
        const toast =
          input.intent === "approve-edit" ? BUSINESS_TOASTS.editApproved : BUSINESS_TOASTS.editRejected;
        return formReply({ ok: true, intent: input.intent, id, toast });
      }
      if (input.intent !== "delete") {
        // docs/product.md#reviewed-listings: admins only (the domain function refuses anyone else with 403).
        const result = await reviewBusiness(services, viewer, id, input);
        if (!result.ok) {
          log.info({ status: result.status, userId: viewer.id, businessId: id }, "listing review refused");
          return formReply({ ok: false, toast: BUSINESS_TOASTS.reviewFailed }, result.status);
        }
        log.info({ userId: viewer.id, businessId: id, decision: input.intent }, "listing reviewed");
        const toast = {
          approve: BUSINESS_TOASTS.approved,
          reject: BUSINESS_TOASTS.rejected,
          unpublish: BUSINESS_TOASTS.unpublished,
        }[input.intent];
        return formReply({ ok: true, intent: input.intent, id, toast });
      }
      if (!(await deleteBusiness(services.db, viewer, id))) {
        return formReply({ ok: false, toast: BUSINESS_TOASTS.deleteFailed }, 404);
      }
      log.info({ businessId: id, userId: viewer.id }, "business deleted");
      return formReply({ ok: true, intent: "delete", id, toast: BUSINESS_TOASTS.deleted });
    },
    save: {
      failed: BUSINESS_TOASTS.saveFailed,
      signedOut: BUSINESS_TOASTS.loginRequired,
      budget: BUSINESS_FORM_BUDGET,
      run: saveBusinessForm,
    },
  });
}

async function saveBusinessForm({ request, viewer, services, log }: DialogRequest) {
  // New images become the uploader's media rows, so they count against their storage quota as they stream in.
  const quota = await storageQuotaOf(services.db, services.env, viewer);
  const form = await receiveValidatedForm(
    request,
    services.storage,
    SaveBusinessSchema,
    businessFormOptions(viewer, quota),
  );
  const saved = form.ok ? await saveBusiness(services, viewer, form.value, form.files) : form;
  if (!saved.ok) {
    log.info({ status: saved.status, userId: viewer.id }, "business save refused");
    // Field messages speak for themselves; anything else (not found, an unreadable form) is the spec's toast.
    const result = "result" in saved ? saved.result : undefined;
    const toast = hasFieldErrors(result) ? undefined : BUSINESS_TOASTS.saveFailed;
    return formReply({ ok: false, result, toast }, saved.status);
  }
  const { mode, business } = saved;
  log.info({ businessId: business.id, userId: viewer.id, mode }, `business ${mode}d`);
  // An owner's new listing, or their edit of a published one, is not public yet: the toast says it went to review.
  const toast =
    mode === "create"
      ? viewer.isAdmin
        ? BUSINESS_TOASTS.created
        : BUSINESS_TOASTS.submitted
      : !viewer.isAdmin && business.edit?.status === "pending"
        ? BUSINESS_TOASTS.changesSubmitted
        : BUSINESS_TOASTS.updated;
  return formReply({ ok: true, intent: mode, id: business.id, toast }, mode === "create" ? 201 : 200);
}

export default function BusinessDashboard({ loaderData }: Route.ComponentProps) {
  const { isAdmin, q, businesses, queue, edits, claims, total, page, pageCount, loadError } = loaderData;
  const [dialog, setDialog] = useState<{ open: boolean; business: ManagedBusiness | null; key: number }>({
    open: false,
    business: null,
    key: 0,
  });
  const openDialog = (business: ManagedBusiness | null) =>
    setDialog((current) => ({ open: true, business, key: current.key + 1 }));
  useDeleteBusinessToasts();

  useEffect(() => {
    if (loadError) notify(BUSINESS_TOASTS.fetchFailed);
  }, [loadError]);

  const title = isAdmin ? "All Business Listings" : "My Business Listings";
  const empty = loadError
    ? { title: BUSINESS_TOASTS.fetchFailed.title, hint: "Please reload the page in a moment." }
    : q
      ? { title: "No businesses found", hint: "Try another name, city or industry." }
      : isAdmin
        ? { title: "No businesses found", hint: "Listings that owners add will appear here." }
        : {
            title: "You haven't created any businesses yet",
            hint: "Listings you add with Add Business appear here and in the Local Shiners directory.",
          };

  return (
    <>
      <DashboardHeader
        eyebrow="Business listing dashboard"
        title={title}
        description={
          isAdmin
            ? "Every listing in the Local Shiners directory, from every owner. Edit or remove any of them."
            : "The listings you manage in the Local Shiners directory. New listings appear publicly once our team has reviewed them."
        }
        actions={
          <Button size="lg" variant="warm" onClick={() => openDialog(null)}>
            <Icon name="plus" aria-hidden />
            Add Business
          </Button>
        }
      />

      {isAdmin && queue.length > 0 ? (
        <section className="container-page space-y-4 pt-10" aria-labelledby="review-queue-title">
          <h2 id="review-queue-title" className="text-xl font-semibold text-ink">
            Waiting for review ({queue.length})
          </h2>
          <p className="text-sm text-muted-foreground">
            Owners&apos; new listings stay off the public site until you approve them. A rejection emails the
            owner your reason.
          </p>
          <div className="grid gap-4 lg:grid-cols-2">
            {queue.map((business) => (
              <ListingReviewCard key={business.id} business={business} />
            ))}
          </div>
        </section>
      ) : null}

      {isAdmin && edits.length > 0 ? (
        <section className="container-page space-y-4 pt-10" aria-labelledby="edit-queue-title">
          <h2 id="edit-queue-title" className="text-xl font-semibold text-ink">
            Changes to review ({edits.length})
          </h2>
          <p className="text-sm text-muted-foreground">
            Owners&apos; edits of published listings. The public sees the current version until you approve
            the changes; a rejection keeps it and emails the owner your reason.
          </p>
          <div className="grid gap-4 lg:grid-cols-2">
            {edits.map((review) => (
              <ListingEditReviewCard key={review.id} review={review} />
            ))}
          </div>
        </section>
      ) : null}

      {isAdmin && claims.length > 0 ? (
        <section className="container-page space-y-4 pt-10" aria-labelledby="claims-title">
          <h2 id="claims-title" className="text-xl font-semibold text-ink">
            Claims to decide ({claims.length})
          </h2>
          <p className="text-sm text-muted-foreground">
            These listings have no email address to send a code to. Check that the person runs the business
            (call the shop) before accepting: they become its owner.
          </p>
          <ul className="grid gap-3 lg:grid-cols-2">
            {claims.map((claim) => (
              <ClaimDecisionCard key={claim.id} claim={claim} />
            ))}
          </ul>
        </section>
      ) : null}

      <section className="container-page space-y-6 py-10" aria-label={title}>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <BusinessSearch q={q} />
          {total > 0 ? (
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {total === 1 ? "1 business" : `${total.toLocaleString("en-US")} businesses`}
              {pageCount > 1 ? ` · page ${page} of ${pageCount}` : ""}
            </p>
          ) : null}
        </div>
        <BusinessTable businesses={businesses} onEdit={openDialog} empty={empty} isAdmin={isAdmin} />
        <BusinessPagination page={page} pageCount={pageCount} q={q} />
      </section>

      <DecisionToasts />
      <BusinessFormDialog
        open={dialog.open}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
        business={dialog.business}
        formKey={dialog.key}
        isAdmin={isAdmin}
      />
    </>
  );
}
