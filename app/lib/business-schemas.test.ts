import { describe, expect, it } from "vitest";
import { BusinessSchema } from "./business-schemas";
import { IMAGE_FILE_MESSAGE } from "./form-fields";

const required = {
  name: "  Sunrise Café ",
  industry: "food-industry",
  address: "1 Ventura Blvd",
  city: "Woodland Hills",
  state: "CA",
  zip_code: "91367",
};

function errorsFor(values: Record<string, unknown>) {
  const result = BusinessSchema.safeParse({ ...required, ...values });
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
}

describe("BusinessSchema (the business form's rules)", () => {
  it("names every missing required field", () => {
    const result = BusinessSchema.safeParse({});
    expect(result.success).toBe(false);
    const messages = result.success ? [] : result.error.issues.map((issue) => issue.message);
    expect(messages).toEqual([
      "Name is required",
      "Industry is required",
      "Address is required",
      "City is required",
      "State is required",
      "Zip code is required",
    ]);
  });

  it("trims text, defaults rating and review count to 0, and turns blank optional fields into null", () => {
    const parsed = BusinessSchema.parse({
      ...required,
      rating: "",
      review_count: " ",
      email: "",
      website: "",
    });
    expect(parsed).toMatchObject({
      name: "Sunrise Café",
      rating: 0,
      review_count: 0,
      email: null,
      website: null,
    });
    expect(BusinessSchema.parse({ ...required, rating: "4.5", review_count: "23" })).toMatchObject({
      rating: 4.5,
      review_count: 23,
    });
  });

  it("keeps rating within 0 to 5 in steps of 0.1 and review count a whole number of at least 0", () => {
    expect(errorsFor({ rating: "5.1" })).toEqual({ rating: "Rating must be between 0 and 5" });
    expect(errorsFor({ rating: "-0.1" })).toEqual({ rating: "Rating must be between 0 and 5" });
    expect(errorsFor({ rating: "4.55" })).toEqual({ rating: "Rating must be in steps of 0.1" });
    expect(errorsFor({ rating: "abc" })).toEqual({ rating: "Rating must be a number" });
    expect(errorsFor({ rating: "0.3", review_count: "0" })).toEqual({});
    expect(errorsFor({ review_count: "-1" })).toEqual({ review_count: "Review count must be 0 or more" });
    expect(errorsFor({ review_count: "2.5" })).toEqual({
      review_count: "Review count must be a whole number",
    });
  });

  it("checks email and website only when given", () => {
    expect(errorsFor({ email: "not-an-email" })).toEqual({ email: "Please enter a valid email address" });
    expect(errorsFor({ website: "ftp://files.example.com" })).toEqual({
      website: "Please enter a valid website address, such as https://yourbusiness.com",
    });
    expect(errorsFor({ website: "javascript:alert(1)" })).toHaveProperty("website");
    expect(errorsFor({ email: "hi@shop.example", website: "https://shop.example/menu" })).toEqual({});
    // What people type: the address is stored with its scheme.
    expect(BusinessSchema.parse({ ...required, website: " patsbakery.com " }).website).toBe(
      "https://patsbakery.com",
    );
    expect(errorsFor({ website: "not a site" })).toHaveProperty("website");
  });

  it("refuses an industry outside the five", () => {
    expect(errorsFor({ industry: "casino" })).toEqual({
      industry: "Please choose one of the listed industries",
    });
  });

  it("accepts only image files in the image fields ('Please select an image file.')", () => {
    const text = new File(["hello"], "menu.txt", { type: "text/plain" });
    const pdf = new File(["%PDF"], "menu.pdf", { type: "application/pdf" });
    const photo = new File(["x"], "front.jpg", { type: "image/jpeg" });
    const emptyInput = new File([], "", { type: "application/octet-stream" });
    expect(errorsFor({ image: text })).toEqual({ image: IMAGE_FILE_MESSAGE });
    expect(errorsFor({ owner_image: pdf })).toEqual({ owner_image: IMAGE_FILE_MESSAGE });
    expect(errorsFor({ image: "front.png" })).toEqual({ image: IMAGE_FILE_MESSAGE });
    expect(errorsFor({ image: photo, owner_image: emptyInput })).toEqual({});
  });

  it("never reads an owner from the form", () => {
    expect(BusinessSchema.parse({ ...required, user_id: "someone-else" })).not.toHaveProperty("user_id");
  });
});
