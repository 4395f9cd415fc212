import { createHash } from "node:crypto";

// The order a kiosk plays its manifest in (docs/product.md#kiosks, "Rotation"). The player goes round the list,
// skipping what is out of schedule at that moment, so:
// - every ad appears the same number of times per round: an equal share of plays;
// - a house slide closes every group of (at most) three ads, and rounds repeat until every house slide has had its
//   turn, so the same ad is never shown twice in a row while anything else may play;
// - the ads' order is shuffled per kiosk (stably), so neighbouring screens do not all open with the same ad.

export const ADS_PER_HOUSE_SLIDE = 3;

export type RotationSlot<A, H> =
  { kind: "ad"; ad: A; turn: number } | { kind: "house"; house: H; turn: number };

function shuffleKey(kioskId: string, id: string): string {
  return createHash("sha1").update(`${kioskId}:${id}`).digest("hex");
}

/** The rotation for one kiosk: ads and house slides interleaved; `turn` counts each one's repeats (0, 1, …). */
export function rotationOrder<A extends { id: string }, H extends { id: string }>(
  kioskId: string,
  ads: readonly A[],
  house: readonly H[],
): RotationSlot<A, H>[] {
  if (ads.length === 0) return house.map((slide) => ({ kind: "house", house: slide, turn: 0 }));
  const shuffled = ads
    .map((ad) => ({ ad, key: shuffleKey(kioskId, ad.id) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ ad }) => ad);
  const housePerRound = Math.ceil(shuffled.length / ADS_PER_HOUSE_SLIDE);
  const rounds = house.length === 0 ? 1 : Math.max(1, Math.ceil(house.length / housePerRound));
  const slots: RotationSlot<A, H>[] = [];
  const turns = new Map<string, number>();
  const turnOf = (id: string) => {
    const turn = turns.get(id) ?? 0;
    turns.set(id, turn + 1);
    return turn;
  };
  let nextHouse = 0;
  for (let round = 0; round < rounds; round++) {
    shuffled.forEach((ad, index) => {
      slots.push({ kind: "ad", ad, turn: round });
      const groupEnds = (index + 1) % ADS_PER_HOUSE_SLIDE === 0 || index === shuffled.length - 1;
      if (groupEnds && house.length > 0) {
        const slide = house[nextHouse % house.length]!;
        nextHouse++;
        slots.push({ kind: "house", house: slide, turn: turnOf(slide.id) });
      }
    });
  }
  return slots;
}
