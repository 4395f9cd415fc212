import type * as React from "react";
import { NativeSelect } from "~/components/ui/native-select";
import { INDUSTRIES } from "~/lib/industries";

/** A select of the five industries, after a first, empty option labelled `blank`. */
export function IndustrySelect({
  blank,
  ...props
}: React.ComponentProps<typeof NativeSelect> & { blank: "Select an industry" | "All Industries" }) {
  return (
    <NativeSelect {...props}>
      <option value="">{blank}</option>
      {INDUSTRIES.map((industry) => (
        <option key={industry.id} value={industry.id}>
          {industry.title}
        </option>
      ))}
    </NativeSelect>
  );
}
