// The `zipcodes` package ships no types; this covers the one call geocode.ts makes.
declare module "zipcodes" {
  export interface ZipCodeRecord {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  export function lookup(zip: string | number): ZipCodeRecord | undefined;
}
