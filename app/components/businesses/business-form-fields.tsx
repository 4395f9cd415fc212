import type * as React from "react";
import { Checkbox } from "~/components/ui/checkbox";
import { Field } from "~/components/ui/field";
import { ImageField } from "~/components/ui/image-field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { IndustrySelect } from "~/components/ui/industry-select";
import { Textarea } from "~/components/ui/textarea";
import type { ManagedBusiness, SaveBusinessSchema } from "~/lib/business-schemas";
import type { FormFields } from "~/lib/use-validated-form";
import { formatRating } from "./business-table";
import { HoursEditor } from "./hours-editor";

const KEEP_IMAGE_HINT = "Current image set. Choose a file to replace it.";

interface BusinessFormFieldsProps {
  /** The listing being edited (its values preload the fields), or null when adding. */
  business: ManagedBusiness | null;
  fields: FormFields<typeof SaveBusinessSchema>;
  /** Only admins set rating and review count; owners see them read-only. */
  isAdmin?: boolean;
}

/**
 * Every field of a business (docs/product.md#businesses) that a person enters, in the dialog's six sections
 * (docs/product.md#business-listing-dashboard). Input names are the column names, which SaveBusinessSchema reads on
 * both sides.
 */
export function BusinessFormFields({ business, fields, isAdmin = false }: BusinessFormFieldsProps) {
  const longText = (field: keyof typeof fields, label: string, value: string | null | undefined) => (
    <Field field={fields[field]} label={label} className="sm:col-span-2">
      <Textarea rows={3} maxLength={2000} defaultValue={value ?? ""} />
    </Field>
  );

  return (
    <div className="space-y-6">
      <FormSection title="Basic Information">
        <Field field={fields.name} label="Business Name" required>
          <Input maxLength={200} autoComplete="organization" defaultValue={business?.name ?? ""} />
        </Field>
        <Field field={fields.industry} label="Industry" required>
          <IndustrySelect blank="Select an industry" defaultValue={business?.industry ?? ""} />
        </Field>
        <Field field={fields.description} label="Description" className="sm:col-span-2">
          <Textarea
            rows={3}
            maxLength={2000}
            placeholder="What makes your business shine?"
            defaultValue={business?.description ?? ""}
          />
        </Field>
        <div className="sm:col-span-2">
          <ImageField
            field={fields.image}
            label="Business Image"
            shape="banner"
            currentUrl={business?.imageUrl ?? null}
            currentHint={KEEP_IMAGE_HINT}
          />
        </div>
      </FormSection>

      <FormSection title="Location">
        <Field field={fields.address} label="Address" required className="sm:col-span-2">
          <Input maxLength={200} autoComplete="street-address" defaultValue={business?.address ?? ""} />
        </Field>
        <Field field={fields.city} label="City" required>
          <Input maxLength={100} autoComplete="address-level2" defaultValue={business?.city ?? ""} />
        </Field>
        <div className="grid grid-cols-2 gap-4">
          <Field field={fields.state} label="State" required>
            <Input maxLength={50} autoComplete="address-level1" defaultValue={business?.state ?? ""} />
          </Field>
          <Field field={fields.zip_code} label="Zip Code" required>
            <Input
              maxLength={10}
              inputMode="numeric"
              autoComplete="postal-code"
              defaultValue={business?.zipCode ?? ""}
            />
          </Field>
        </div>
      </FormSection>

      <FormSection title="Contact Information">
        <Field field={fields.phone} label="Phone">
          <Input type="tel" maxLength={40} autoComplete="tel" defaultValue={business?.phone ?? ""} />
        </Field>
        <Field field={fields.email} label="Email">
          <Input type="email" maxLength={255} autoComplete="email" defaultValue={business?.email ?? ""} />
        </Field>
        <Field field={fields.website} label="Website" className="sm:col-span-2">
          <Input
            type="url"
            inputMode="url"
            maxLength={2048}
            placeholder="yourbusiness.com"
            defaultValue={business?.website ?? ""}
          />
        </Field>
      </FormSection>

      <FormSection title="Business Details">
        {isAdmin ? (
          <>
            <Field field={fields.rating} label="Rating" hint="0 to 5, in steps of 0.1">
              <Input
                type="number"
                min={0}
                max={5}
                step={0.1}
                inputMode="decimal"
                defaultValue={String(business?.rating ?? 0)}
              />
            </Field>
            <Field field={fields.review_count} label="Review Count">
              <Input
                type="number"
                min={0}
                step={1}
                inputMode="numeric"
                defaultValue={String(business?.reviewCount ?? 0)}
              />
            </Field>
          </>
        ) : (
          <p className="text-sm text-muted-foreground sm:col-span-2">
            Rating: {formatRating(business?.rating ?? 0, business?.reviewCount ?? 0)}. Ratings and review
            counts are set by the Local Shine team.
          </p>
        )}
        <Field field={fields.offer_text} label="Special Offer" className="sm:col-span-2">
          <Input
            maxLength={500}
            placeholder="e.g. 10% off your first visit"
            defaultValue={business?.offerText ?? ""}
          />
        </Field>
      </FormSection>

      <FormSection title="Opening Hours">
        <HoursEditor initial={business?.hours ?? null} error={fields.hours.errors?.[0]} />
      </FormSection>

      <FormSection title="Owner Information">
        <Field field={fields.owner_name} label="Owner Name" className="sm:col-span-2">
          <Input maxLength={200} defaultValue={business?.ownerName ?? ""} />
        </Field>
        {longText("owner_bio", "Owner Bio", business?.ownerBio)}
        <div className="sm:col-span-2">
          <ImageField
            field={fields.owner_image}
            label="Owner Image"
            shape="portrait"
            currentUrl={business?.ownerImageUrl ?? null}
            currentHint={KEEP_IMAGE_HINT}
          />
        </div>
      </FormSection>

      <FormSection title="Additional Information">
        {longText("quality_description", "Quality Commitment", business?.qualityDescription)}
        {longText("community_description", "Community Impact", business?.communityDescription)}
        {longText("sustainability_description", "Sustainability", business?.sustainabilityDescription)}
        {/* docs/product.md#one-business: the owner's choice, off until ticked. */}
        <div className="flex items-start gap-3 sm:col-span-2">
          <Checkbox
            id={fields.show_kiosk_plays.id}
            name={fields.show_kiosk_plays.name}
            defaultChecked={business?.showKioskPlays ?? false}
            aria-describedby={`${fields.show_kiosk_plays.id}-hint`}
            className="mt-0.5"
          />
          <div className="space-y-1">
            <Label htmlFor={fields.show_kiosk_plays.id} className="cursor-pointer">
              Show how often your ads played this month
            </Label>
            <p id={`${fields.show_kiosk_plays.id}-hint`} className="text-sm text-muted-foreground">
              Your business page then says “Seen 1,234 times on Local Shine kiosks this month”, once your ads
              have played this month.
            </p>
          </div>
        </div>
      </FormSection>
    </div>
  );
}

/** One titled group of the dialog (Basic Information, Location, …), two columns from small screens up. */
function FormSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="min-w-0 space-y-4 border-t pt-5 first:border-t-0 first:pt-0">
      <legend className="float-left mb-4 w-full text-base font-semibold text-ink">{title}</legend>
      <div className="clear-both grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}
