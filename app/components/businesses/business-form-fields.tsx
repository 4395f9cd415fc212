import { FormField, FormSection, type FieldProps } from "~/components/businesses/form-field";
import { FieldError } from "~/components/ui/field-error";
import { ImageField } from "~/components/ui/image-field";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import type { ManagedBusiness } from "~/lib/business-schemas";
import { INDUSTRIES } from "~/lib/industries";
import type { FieldErrors } from "~/lib/use-form-validation";

const KEEP_IMAGE_HINT = "Current image set. Choose a file to replace it.";

interface BusinessFormFieldsProps {
  /** The listing being edited (its values preload the fields), or null when adding. */
  business: ManagedBusiness | null;
  errors: FieldErrors;
  fieldProps: (name: string) => FieldProps;
  clearError: (name: string) => void;
}

/**
 * Every field of spec §3 `businesses` that a person enters, in the spec's six sections (§2). Input names are the
 * spec's column names, which BusinessSchema reads on both sides.
 */
export function BusinessFormFields({ business, errors, fieldProps, clearError }: BusinessFormFieldsProps) {
  const text = (name: string, label: string, value: string | null | undefined, extra: object = {}) => (
    <FormField
      label={label}
      field={fieldProps(name)}
      errors={errors[name]}
      defaultValue={value ?? ""}
      {...extra}
    />
  );
  const textarea = (name: string, label: string, value: string | null | undefined, placeholder?: string) => (
    <FormField
      multiline
      label={label}
      field={fieldProps(name)}
      errors={errors[name]}
      defaultValue={value ?? ""}
      placeholder={placeholder}
      className="sm:col-span-2"
      maxLength={2000}
    />
  );

  return (
    <div className="space-y-6">
      <FormSection title="Basic Information">
        {text("name", "Business Name", business?.name, {
          required: true,
          maxLength: 200,
          autoComplete: "organization",
        })}
        <div className="space-y-2">
          <Label htmlFor="business-industry">
            Industry
            <span aria-hidden className="text-destructive">
              *
            </span>
          </Label>
          <NativeSelect
            id="business-industry"
            defaultValue={business?.industry ?? ""}
            aria-required
            {...fieldProps("industry")}
          >
            <option value="">Select an industry</option>
            {INDUSTRIES.map((industry) => (
              <option key={industry.id} value={industry.id}>
                {industry.title}
              </option>
            ))}
          </NativeSelect>
          <FieldError id="industry-error" errors={errors.industry} />
        </div>
        {textarea("description", "Description", business?.description, "What makes your business shine?")}
        <div className="sm:col-span-2">
          <ImageField
            id="business-image"
            name="image"
            label="Business Image"
            shape="banner"
            currentUrl={business?.imageUrl ?? null}
            currentHint={KEEP_IMAGE_HINT}
            errors={errors.image}
            onChange={() => clearError("image")}
          />
        </div>
      </FormSection>

      <FormSection title="Location">
        {text("address", "Address", business?.address, {
          required: true,
          maxLength: 200,
          autoComplete: "street-address",
          className: "sm:col-span-2",
        })}
        {text("city", "City", business?.city, {
          required: true,
          maxLength: 100,
          autoComplete: "address-level2",
        })}
        <div className="grid grid-cols-2 gap-4">
          {text("state", "State", business?.state, {
            required: true,
            maxLength: 50,
            autoComplete: "address-level1",
          })}
          {text("zip_code", "Zip Code", business?.zipCode, {
            required: true,
            maxLength: 10,
            inputMode: "numeric",
            autoComplete: "postal-code",
          })}
        </div>
      </FormSection>

      <FormSection title="Contact Information">
        {text("phone", "Phone", business?.phone, { type: "tel", maxLength: 40, autoComplete: "tel" })}
        {text("email", "Email", business?.email, { type: "email", maxLength: 255, autoComplete: "email" })}
        {text("website", "Website", business?.website, {
          type: "url",
          maxLength: 2048,
          placeholder: "https://",
          className: "sm:col-span-2",
        })}
      </FormSection>

      <FormSection title="Business Details">
        {text("rating", "Rating", String(business?.rating ?? 0), {
          type: "number",
          min: 0,
          max: 5,
          step: 0.1,
          inputMode: "decimal",
          hint: "0 to 5, in steps of 0.1",
        })}
        {text("review_count", "Review Count", String(business?.reviewCount ?? 0), {
          type: "number",
          min: 0,
          step: 1,
          inputMode: "numeric",
        })}
        {text("offer_text", "Special Offer", business?.offerText, {
          maxLength: 500,
          placeholder: "e.g. 10% off your first visit",
          className: "sm:col-span-2",
        })}
      </FormSection>

      <FormSection title="Owner Information">
        {text("owner_name", "Owner Name", business?.ownerName, {
          maxLength: 200,
          className: "sm:col-span-2",
        })}
        {textarea("owner_bio", "Owner Bio", business?.ownerBio)}
        <div className="sm:col-span-2">
          <ImageField
            id="business-owner-image"
            name="owner_image"
            label="Owner Image"
            shape="portrait"
            currentUrl={business?.ownerImageUrl ?? null}
            currentHint={KEEP_IMAGE_HINT}
            errors={errors.owner_image}
            onChange={() => clearError("owner_image")}
          />
        </div>
      </FormSection>

      <FormSection title="Additional Information">
        {textarea("quality_description", "Quality Commitment", business?.qualityDescription)}
        {textarea("community_description", "Community Impact", business?.communityDescription)}
        {textarea("sustainability_description", "Sustainability", business?.sustainabilityDescription)}
      </FormSection>
    </div>
  );
}
