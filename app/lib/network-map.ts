/** One pin on the network map: only what the marker and its popup show. */
export interface MapPartner {
  id: string;
  name: string;
  city: string;
  /** The industry's title, as the popup shows it. */
  industry: string;
  /** The listing's image (a /media URL), or null. */
  imageUrl: string | null;
  lat: number;
  lng: number;
  /** A kiosk (not retired) is in this shop: the map marks hosts apart from other listings. */
  kioskHost: boolean;
}

/** One kiosk on the admin's network map, coloured by whether its screen is online. */
export interface MapKiosk {
  id: string;
  label: string;
  hostName: string | null;
  lat: number;
  lng: number;
  online: boolean;
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
