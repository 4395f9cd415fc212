/** One pin on the network map: only what the marker and its popup show. */
export interface MapPartner {
  id: string;
  name: string;
  city: string;
  lat: number;
  lng: number;
}

/** A city with partners, for the list under the map (which works without JavaScript or map tiles). */
export interface PartnerCity {
  city: string;
  state: string;
  partners: number;
}

/** docs/product.md#network-map: centred on the middle of the United States at zoom 4. */
export const US_CENTER: [number, number] = [39.8283, -98.5795];
export const US_ZOOM = 4;
