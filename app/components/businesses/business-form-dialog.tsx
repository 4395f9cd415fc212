import { BusinessFormFields } from "~/components/businesses/business-form-fields";
import { FormDialog } from "~/components/ui/form-dialog";
import { BUSINESS_IMAGE_FIELDS, SaveBusinessSchema, type ManagedBusiness } from "~/lib/business-schemas";

interface BusinessFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The listing to edit, or null to add one (add mode creates, edit mode updates). */
  business: ManagedBusiness | null;
  /** Changes whenever the dialog is opened, so every opening starts from a fresh form. */
  formKey: number;
  isAdmin?: boolean;
}

/**
 * The add/edit dialog (docs/product.md#business-listing-dashboard). It cannot be closed while a save runs; after a save
 * it closes and the list reloads.
 */
export function BusinessFormDialog({
  open,
  onOpenChange,
  business,
  formKey,
  isAdmin = false,
}: BusinessFormDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      formKey={formKey}
      fetcherKey="business-form"
      title={business ? "Edit Business" : "Add Business"}
      description={
        business
          ? `Update the details of ${business.name}.`
          : "Add a listing to the Local Shiners directory. Fields marked * are required."
      }
      formLabel={business ? `Edit ${business.name}` : "Add Business"}
      schema={SaveBusinessSchema}
      editId={business?.id ?? null}
      fileFields={BUSINESS_IMAGE_FIELDS}
      submitLabel={business ? "Update Business" : "Create Business"}
    >
      {(fields) => <BusinessFormFields business={business} fields={fields} isAdmin={isAdmin} />}
    </FormDialog>
  );
}
