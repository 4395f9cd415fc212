import type { IndustryId } from "~/lib/industries";

/**
 * One fictional Local Shiner. Names, phones ((818) 555-01xx is the range reserved for fiction) and `.example`
 * domains are made up; streets, cities and zip codes are real San Fernando Valley ones so the directory search,
 * the zip filter and the map behave as they would with real partners. Optional fields are left out on purpose
 * for a few businesses so the empty-field states of the cards and detail pages get exercised.
 */
export interface DemoBusiness {
  name: string;
  industry: IndustryId;
  description?: string;
  address: string;
  city: string;
  zipCode: string;
  phone?: string;
  email?: string;
  website?: string;
  rating: number;
  reviewCount: number;
  offerText?: string;
  ownerName?: string;
  ownerBio?: string;
  qualityDescription?: string;
  communityDescription?: string;
  sustainabilityDescription?: string;
  /** Near the zip centroid, nudged per business so map markers don't sit on top of each other. */
  latitude: number;
  longitude: number;
}

/** Every demo business is in California. */
export const DEMO_STATE = "CA";

export const DEMO_BUSINESSES: readonly DemoBusiness[] = [
  // -------------------------------------------------------------------------------------------------------------
  // Home services
  // -------------------------------------------------------------------------------------------------------------
  {
    name: "Valley Bright Plumbing",
    industry: "home-services",
    description:
      "Family-run plumbing for Warner Center and the hills south of Ventura: leaks, water heaters, repipes and the 10 p.m. emergencies nobody plans for.",
    address: "6120 Canoga Ave, Suite 104",
    city: "Woodland Hills",
    zipCode: "91367",
    phone: "(818) 555-0101",
    email: "hello@valleybrightplumbing.example",
    website: "https://valleybrightplumbing.example",
    rating: 4.9,
    reviewCount: 212,
    offerText: "Free water-heater flush with any repair when you mention the kiosk.",
    ownerName: "Marisol Ortega",
    ownerBio:
      "Marisol apprenticed under her father for eight years before taking over the family van in 2014. She still answers the emergency line herself most nights and knows half the water heaters in 91367 by model number.",
    qualityDescription:
      "Every job gets an upfront, written price before a wrench comes out, and every repair carries a two-year labor warranty.",
    communityDescription:
      "Valley Bright fixes plumbing at two Woodland Hills senior centers at cost and sponsors the Pierce College plumbing certificate scholarship.",
    sustainabilityDescription:
      "We recommend and install tankless and heat-pump water heaters, and our trucks carry leak-detection gear that saves thousands of gallons a year.",
    latitude: 34.1794,
    longitude: -118.5972,
  },
  {
    name: "Topanga Ridge Electric",
    industry: "home-services",
    description:
      "Licensed electricians for panel upgrades, EV chargers, lighting and the old wiring hiding in Valley ranch houses.",
    address: "22130 Ventura Blvd",
    city: "Woodland Hills",
    zipCode: "91364",
    phone: "(818) 555-0102",
    email: "office@topangaridgeelectric.example",
    website: "https://topangaridgeelectric.example",
    rating: 4.8,
    reviewCount: 147,
    offerText: "$75 off any EV charger installation booked through the kiosk QR code.",
    ownerName: "Devin Castellanos",
    ownerBio:
      "Devin grew up in Woodland Hills and wired his first house at nineteen. He started Topanga Ridge with one truck in 2011 and now runs a crew of six, all trained in-house.",
    qualityDescription:
      "Master-electrician sign-off on every panel job, permits pulled for you, and photos of the finished work before we leave.",
    communityDescription:
      "Each December the crew hangs lights for free at the El Camino Real High School winter market.",
    sustainabilityDescription:
      "Solar-ready panel upgrades and LED retrofits are half our work, and we recycle every scrap of copper we pull.",
    latitude: 34.1681,
    longitude: -118.6081,
  },
  {
    name: "Sunbeam Home Cleaning Co.",
    industry: "home-services",
    description:
      "Weekly, biweekly and move-out cleaning across Tarzana and Encino by a team that has worked together for years.",
    address: "18663 Ventura Blvd, Suite 210",
    city: "Tarzana",
    zipCode: "91356",
    phone: "(818) 555-0103",
    email: "book@sunbeamclean.example",
    website: "https://sunbeamclean.example",
    rating: 4.7,
    reviewCount: 318,
    offerText: "20% off your first deep clean when you mention the Local Shine kiosk.",
    ownerName: "Lourdes Navarro",
    ownerBio:
      "Lourdes cleaned houses on her own for twelve years before starting Sunbeam with her sister. Every cleaner on the team is paid above the county living wage and has health coverage.",
    qualityDescription:
      "The same two-person team comes to your home every visit, with a checklist you can customize room by room.",
    communityDescription:
      "Sunbeam donates a free deep clean every month to a family recommended by Tarzana Elementary.",
    sustainabilityDescription:
      "Plant-based, fragrance-free products in refillable bottles, and microfiber cloths instead of paper towels.",
    latitude: 34.1713,
    longitude: -118.5431,
  },
  {
    name: "Oak & Adobe Handyman",
    industry: "home-services",
    description:
      "Small jobs done properly: doors that stick, fences that lean, drywall patches, shelves and grab bars.",
    address: "6743 Fallbrook Ave",
    city: "West Hills",
    zipCode: "91307",
    phone: "(818) 555-0104",
    website: "https://oakandadobe.example",
    rating: 4.6,
    reviewCount: 89,
    offerText: "Book two hours, get the third free: kiosk customers only.",
    ownerName: "Gus Petrakis",
    ownerBio:
      "Gus spent twenty years as a set carpenter in Burbank before deciding he'd rather build things that stay up. He lives four blocks from the shop and still takes most jobs himself.",
    qualityDescription:
      "Flat hourly rate, no trip fees inside West Hills, and he cleans up better than he found it.",
    communityDescription:
      "Installs free grab bars for West Hills seniors through the neighborhood council's aging-in-place program.",
    latitude: 34.1968,
    longitude: -118.6246,
  },
  {
    name: "Cool Canyon Heating & Air",
    industry: "home-services",
    description:
      "AC and furnace repair, tune-ups and replacements for the hottest corner of Los Angeles, where 105° in August is normal.",
    address: "21541 Sherman Way",
    city: "Canoga Park",
    zipCode: "91303",
    phone: "(818) 555-0105",
    email: "service@coolcanyonhvac.example",
    website: "https://coolcanyonhvac.example",
    rating: 4.5,
    reviewCount: 263,
    offerText: "$49 spring AC tune-up (normally $129) when you scan the kiosk code.",
    ownerName: "Tamar Hovsepian",
    ownerBio:
      "Tamar is a second-generation HVAC tech who took over the business from her uncle in 2018. She's the reason the company now offers same-day service on heat-advisory days.",
    qualityDescription: "NATE-certified technicians, and we show you the failed part before we replace it.",
    communityDescription:
      "During heat waves we loan portable AC units to neighbors who are waiting on a repair.",
    sustainabilityDescription:
      "We're a rebate partner for high-efficiency heat pumps and help customers file the paperwork.",
    latitude: 34.2013,
    longitude: -118.6007,
  },
  {
    name: "Greenleaf Garden Care",
    industry: "home-services",
    description: "Drought-tolerant landscaping, drip irrigation and weekly garden care for Encino yards.",
    address: "17007 Ventura Blvd",
    city: "Encino",
    zipCode: "91316",
    phone: "(818) 555-0106",
    email: "grow@greenleafgarden.example",
    website: "https://greenleafgarden.example",
    rating: 4.8,
    reviewCount: 104,
    offerText: "Free irrigation audit with any lawn-to-native conversion quote.",
    ownerName: "Hiro Tanaka",
    ownerBio:
      "Hiro studied horticulture at Cal Poly Pomona and has been replacing thirsty lawns with California natives since the 2015 drought. He gives a free talk at the Encino library every spring.",
    qualityDescription: "A horticulturist designs every plan, and plants are guaranteed for a full year.",
    communityDescription:
      "Greenleaf maintains the pollinator garden at a Balboa Park-area elementary school for free.",
    sustainabilityDescription:
      "Native plants, smart controllers and mulch from our own green waste cut customer water bills by a third on average.",
    latitude: 34.1597,
    longitude: -118.5042,
  },
  {
    // Deliberately sparse: no phone, email, website, owner or story fields.
    name: "Clearpane Window Washing",
    industry: "home-services",
    description: "Streak-free windows and screens for homes and storefronts.",
    address: "7256 Reseda Blvd",
    city: "Reseda",
    zipCode: "91335",
    rating: 4.2,
    reviewCount: 23,
    latitude: 34.2032,
    longitude: -118.5359,
  },
  {
    name: "Hillside Roofing & Gutters",
    industry: "home-services",
    description:
      "Roof repairs, re-roofs and gutter cleaning from the Santa Susana foothills down to the boulevard.",
    address: "20929 Devonshire St",
    city: "Chatsworth",
    zipCode: "91311",
    phone: "(818) 555-0107",
    website: "https://hillsideroofing.example",
    rating: 4.4,
    reviewCount: 76,
    offerText: "Free gutter cleaning with any roof inspection booked before the rainy season.",
    ownerName: "Ray Whitfield",
    ownerBio:
      "Ray has been on Valley roofs for thirty years and started Hillside after the Northridge quake kept him busy for a decade. His son Tyler now runs the crews.",
    qualityDescription:
      "Drone inspections with photos, and a ten-year workmanship warranty on every re-roof.",
    communityDescription:
      "Hillside clears gutters for free at Chatsworth churches and the local Little League clubhouse.",
    sustainabilityDescription:
      "Cool-roof shingles that reflect heat, and old shingles go to an asphalt recycler.",
    latitude: 34.2574,
    longitude: -118.5896,
  },
  {
    name: "Northridge Lock & Key",
    industry: "home-services",
    description: "Lockouts, rekeys, smart locks and safes, day or night.",
    address: "9324 Reseda Blvd",
    city: "Northridge",
    zipCode: "91324",
    phone: "(818) 555-0108",
    rating: 4.3,
    reviewCount: 58,
    offerText: "Rekey three locks for the price of two with the kiosk code.",
    ownerName: "Sam Okafor",
    ownerBio:
      "Sam moved from Lagos to Northridge to study at CSUN and learned the trade at a shop on Reseda Boulevard. He bought it from his mentor in 2020.",
    qualityDescription:
      "Licensed by the state Bureau of Security and Investigative Services, with a 30-minute arrival goal.",
    latitude: 34.2379,
    longitude: -118.5363,
  },

  // -------------------------------------------------------------------------------------------------------------
  // Automobile services
  // -------------------------------------------------------------------------------------------------------------
  {
    name: "Warner Center Auto Spa",
    industry: "automobile-services",
    description:
      "Hand washes, ceramic coatings and full interior details a block from the Warner Center offices.",
    address: "21345 Victory Blvd",
    city: "Woodland Hills",
    zipCode: "91367",
    phone: "(818) 555-0109",
    email: "detail@warnercenterautospa.example",
    website: "https://warnercenterautospa.example",
    rating: 4.9,
    reviewCount: 386,
    offerText: "10% off your first detail when you mention the kiosk.",
    ownerName: "Andre Mitchell",
    ownerBio:
      "Andre started detailing cars in his mom's Canoga Park driveway at sixteen. Fifteen years later he runs a six-bay shop and trains every detailer himself.",
    qualityDescription:
      "Two-bucket hand washes, pH-neutral soaps and a walk-around with you before you drive off.",
    communityDescription:
      "Every fall the spa hosts a free wash day for veterans and first responders, and it's packed every year.",
    sustainabilityDescription:
      "A water-reclaim system recycles 80% of our wash water, and our soaps are biodegradable.",
    latitude: 34.1869,
    longitude: -118.5946,
  },
  {
    name: "Ventura Tire & Alignment",
    industry: "automobile-services",
    description: "Tires, alignments, brakes and suspension with honest advice and same-day appointments.",
    address: "20121 Ventura Blvd",
    city: "Woodland Hills",
    zipCode: "91364",
    phone: "(818) 555-0110",
    website: "https://venturatire.example",
    rating: 4.6,
    reviewCount: 241,
    offerText: "Free alignment check with any set of four tires.",
    ownerName: "Frank DiMaggio",
    ownerBio:
      "Frank opened the shop in 1994 and has never once sold a customer a tire they didn't need. His daughter Gina handles the front desk and the shop's surprisingly good Instagram.",
    qualityDescription:
      "Road-force balancing on every tire, and we torque lug nuts by hand, never with an impact gun alone.",
    communityDescription:
      "Ventura Tire sponsors two AYSO teams and rotates tires for free for Meals on Wheels drivers.",
    sustainabilityDescription:
      "Old tires go to a California recycler that turns them into playground surfacing.",
    latitude: 34.1722,
    longitude: -118.5741,
  },
  {
    name: "Shine Line Car Wash",
    industry: "automobile-services",
    description: "A quick, friendly full-service wash with a hand-dry finish and free vacuums.",
    address: "7050 Topanga Canyon Blvd",
    city: "Canoga Park",
    zipCode: "91303",
    phone: "(818) 555-0111",
    email: "team@shinelinewash.example",
    website: "https://shinelinewash.example",
    rating: 4.3,
    reviewCount: 512,
    offerText: "$5 off any full-service wash: show the kiosk screen at the register.",
    ownerName: "Priya Raman",
    ownerBio:
      "Priya left a corporate finance job in 2017 to buy the car wash her family had used for twenty years. She kept every employee and added a paid training program.",
    qualityDescription: "Soft-cloth tunnel, hand-dried finish, and a re-wash free if anything's missed.",
    communityDescription:
      "Shine Line hosts charity wash Saturdays where local schools keep 100% of the proceeds.",
    sustainabilityDescription: "Reclaimed water, solar panels on the canopy and biodegradable soaps.",
    latitude: 34.2036,
    longitude: -118.6059,
  },
  {
    name: "Reseda Brake & Muffler",
    industry: "automobile-services",
    description:
      "Brakes, exhaust, and check-engine diagnostics from a shop that's been on Sherman Way since 1988.",
    address: "18420 Sherman Way",
    city: "Reseda",
    zipCode: "91335",
    phone: "(818) 555-0112",
    rating: 4.5,
    reviewCount: 133,
    offerText: "Free brake inspection and 15% off brake pads for kiosk customers.",
    ownerName: "Hector Villanueva",
    ownerBio:
      "Hector bought the shop from its founder in 2002 after working there for ten years. He still does every diagnostic himself and explains the results in English or Spanish.",
    qualityDescription: "OEM-grade parts and a 24-month, 24,000-mile warranty on brakes and exhaust.",
    communityDescription:
      "Teaches a free Saturday car-care class for Reseda High School students each spring.",
    latitude: 34.2011,
    longitude: -118.5371,
  },
  {
    name: "Tarzana Hybrid & EV Service",
    industry: "automobile-services",
    description:
      "Independent service for hybrids and electric cars: batteries, brakes, tires and software updates.",
    address: "5521 Reseda Blvd",
    city: "Tarzana",
    zipCode: "91356",
    phone: "(818) 555-0113",
    email: "hello@tarzanaev.example",
    website: "https://tarzanaev.example",
    rating: 4.8,
    reviewCount: 97,
    offerText: "Free battery health report with any service when you mention Local Shine.",
    ownerName: "Nadia Farouk",
    ownerBio:
      "Nadia was a battery engineer in Torrance before opening Tarzana's first independent EV shop in 2019. She loves explaining regenerative braking to anyone who'll listen.",
    qualityDescription:
      "Factory-level diagnostic tools for a dozen makes, and every battery test comes with a printed report.",
    communityDescription:
      "Runs a monthly free EV test-drive morning with local owners who volunteer their cars.",
    sustainabilityDescription:
      "Repairs battery packs module by module instead of replacing whole packs whenever possible.",
    latitude: 34.1742,
    longitude: -118.5364,
  },
  {
    name: "Calabasas Coachworks",
    industry: "automobile-services",
    description:
      "Collision repair and paint matched so well your insurer's adjuster will ask which panel we fixed.",
    address: "23901 Calabasas Rd",
    city: "Calabasas",
    zipCode: "91302",
    phone: "(818) 555-0114",
    website: "https://calabasascoachworks.example",
    rating: 4.7,
    reviewCount: 164,
    offerText: "Free loaner car for kiosk customers on any repair over $1,000.",
    ownerName: "Lena Brandt",
    ownerBio:
      "Lena trained as a painter at a coachbuilder in Stuttgart before moving to California. She opened Coachworks in 2009 and is known for her obsession with color matching.",
    qualityDescription: "I-CAR Gold certified, with a lifetime warranty on paint and bodywork.",
    communityDescription: "Restores a donated car every year for a Las Virgenes family in need.",
    sustainabilityDescription: "Waterborne paints and a downdraft booth that filters 99% of overspray.",
    latitude: 34.1572,
    longitude: -118.6393,
  },
  {
    name: "Van Nuys Smog & Lube",
    industry: "automobile-services",
    description: "Smog checks, oil changes and registration renewals in about twenty minutes.",
    address: "14757 Sherman Way",
    city: "Van Nuys",
    zipCode: "91405",
    phone: "(818) 555-0115",
    rating: 4.1,
    reviewCount: 288,
    offerText: "$10 off any smog check: just mention the kiosk at the counter.",
    ownerName: "Arturo Mendez",
    ownerBio:
      "Arturo has run the station since 2006 and knows every shortcut the DMV doesn't tell you about. His wife Rosa handles the registration paperwork.",
    qualityDescription: "STAR-certified smog station with a free retest if your car fails.",
    latitude: 34.2012,
    longitude: -118.4561,
  },
  {
    // Deliberately sparse: no phone, email, website or owner.
    name: "Winnetka Wheel Works",
    industry: "automobile-services",
    description: "Wheel repair, powder coating and curb-rash fixes.",
    address: "20021 Vanowen St",
    city: "Winnetka",
    zipCode: "91306",
    rating: 4.0,
    reviewCount: 31,
    latitude: 34.1941,
    longitude: -118.5669,
  },
  {
    name: "Chatsworth Classic Garage",
    industry: "automobile-services",
    description: "Restoration and repair for vintage cars, from carburetors to chrome.",
    address: "9811 Topanga Canyon Blvd",
    city: "Chatsworth",
    zipCode: "91311",
    phone: "(818) 555-0116",
    email: "garage@chatsworthclassic.example",
    website: "https://chatsworthclassic.example",
    rating: 4.9,
    reviewCount: 62,
    offerText: "Free pre-purchase inspection for any classic you're thinking of buying.",
    ownerName: "Walt Kowalczyk",
    ownerBio:
      "Walt restored his first Mustang in 1971 and hasn't stopped since. The garage's Sunday cars-and-coffee has become a Chatsworth tradition.",
    qualityDescription: "Period-correct parts wherever possible, and a photo log of every restoration.",
    communityDescription: "Hosts a free cars-and-coffee meetup on the first Sunday of every month.",
    sustainabilityDescription:
      "Rebuilding a sixty-year-old engine beats building a new car, and we recycle every fluid.",
    latitude: 34.2513,
    longitude: -118.6064,
  },

  // -------------------------------------------------------------------------------------------------------------
  // Food industry
  // -------------------------------------------------------------------------------------------------------------
  {
    name: "Canyon Crumb Bakery",
    industry: "food-industry",
    description: "Sourdough, morning buns and celebration cakes baked before sunrise on Ventura Boulevard.",
    address: "22019 Ventura Blvd",
    city: "Woodland Hills",
    zipCode: "91364",
    phone: "(818) 555-0117",
    email: "orders@canyoncrumb.example",
    website: "https://canyoncrumb.example",
    rating: 4.9,
    reviewCount: 427,
    offerText: "A free morning bun with any coffee when you tell us the kiosk sent you.",
    ownerName: "Elena Sokolova",
    ownerBio:
      "Elena baked at restaurants in San Francisco for a decade before coming home to the Valley. She opened Canyon Crumb in 2016 with a single deck oven and a starter she's kept alive since culinary school.",
    qualityDescription: "Long-fermented doughs, California-milled flour and butter from a Petaluma creamery.",
    communityDescription:
      "Unsold bread goes to the West Valley Food Pantry every evening, and we bake birthday cakes for foster kids through a local nonprofit.",
    sustainabilityDescription:
      "Compostable packaging, and a 10% discount when you bring your own bag or cup.",
    latitude: 34.1684,
    longitude: -118.6046,
  },
  {
    name: "Taqueria Los Robles",
    industry: "food-industry",
    description: "Handmade tortillas, al pastor off the trompo and the best horchata on Sherman Way.",
    address: "20959 Sherman Way",
    city: "Canoga Park",
    zipCode: "91303",
    phone: "(818) 555-0118",
    website: "https://taquerialosrobles.example",
    rating: 4.8,
    reviewCount: 634,
    offerText: "Free agua fresca with any plate when you mention the kiosk.",
    ownerName: "Rosa and Miguel Robles",
    ownerBio:
      "Rosa and Miguel opened Los Robles in 2005 with recipes from Miguel's grandmother in Jalisco. Their kids now run the counter, and Rosa still makes every batch of salsa.",
    qualityDescription: "Tortillas pressed to order from fresh masa, and meats marinated overnight.",
    communityDescription: "Los Robles feeds the Canoga Park Little League after every home opener.",
    sustainabilityDescription:
      "We buy produce from two family farms in Oxnard and compost our kitchen scraps.",
    latitude: 34.2009,
    longitude: -118.5908,
  },
  {
    name: "Marigold Morning Café",
    industry: "food-industry",
    description:
      "All-day breakfast, Valley-famous chilaquiles and a patio that fills up by 9 a.m. on Saturdays.",
    address: "18555 Ventura Blvd",
    city: "Tarzana",
    zipCode: "91356",
    phone: "(818) 555-0119",
    email: "hi@marigoldmorning.example",
    website: "https://marigoldmorning.example",
    rating: 4.6,
    reviewCount: 359,
    offerText: "15% off weekday breakfast for kiosk customers, Monday through Thursday.",
    ownerName: "Jasmine Cho",
    ownerBio:
      "Jasmine grew up in Tarzana and worked every job at a diner on Reseda Boulevard before opening Marigold in 2018. Her chilaquiles recipe is a blend of her Korean mom's and her best friend's abuela's.",
    qualityDescription: "Eggs from pasture-raised hens and bread from Canyon Crumb down the street.",
    communityDescription:
      "Marigold hosts a free pancake breakfast for Tarzana Elementary teachers every August.",
    sustainabilityDescription:
      "Coffee grounds go to community gardens, and we've cut our food waste in half since 2022.",
    latitude: 34.1707,
    longitude: -118.5401,
  },
  {
    name: "Sherman Oaks Noodle House",
    industry: "food-industry",
    description: "Hand-pulled noodles and dumplings made in the front window so you can watch.",
    address: "14530 Ventura Blvd",
    city: "Sherman Oaks",
    zipCode: "91403",
    phone: "(818) 555-0120",
    website: "https://shermanoaksnoodle.example",
    rating: 4.7,
    reviewCount: 298,
    offerText: "Free pork and chive dumplings with any two entrées.",
    ownerName: "Wei Lin",
    ownerBio:
      "Wei learned to pull noodles in Lanzhou and spent years cooking in the San Gabriel Valley before bringing them west. He pulls every batch himself during the lunch rush.",
    qualityDescription: "Noodles pulled to order, broth simmered for eighteen hours.",
    communityDescription:
      "Teaches free dumpling-folding classes for the Sherman Oaks library's Lunar New Year event.",
    latitude: 34.1523,
    longitude: -118.4529,
  },
  {
    name: "Little Olive Mediterranean Kitchen",
    industry: "food-industry",
    description: "Shawarma, falafel and family-recipe hummus in a bright corner spot in Encino.",
    address: "16101 Ventura Blvd",
    city: "Encino",
    zipCode: "91436",
    phone: "(818) 555-0121",
    email: "eat@littleolive.example",
    website: "https://littleolive.example",
    rating: 4.5,
    reviewCount: 201,
    offerText: "Free side of fries or hummus with any wrap when you mention the Local Shine kiosk.",
    ownerName: "Karim Haddad",
    ownerBio:
      "Karim and his mother opened Little Olive in 2013 with her recipes from Beirut. The hummus is still made her way, by hand, every morning.",
    qualityDescription: "Everything is made in-house, from the pickles to the pita.",
    communityDescription: "Caters the Encino Community Center's monthly senior lunch at cost.",
    sustainabilityDescription:
      "Reusable containers for regulars, and used fryer oil goes to a biodiesel maker.",
    latitude: 34.1549,
    longitude: -118.4839,
  },
  {
    name: "Warner Grove Juice Bar",
    industry: "food-industry",
    description: "Cold-pressed juices, açaí bowls and smoothies for the Warner Center lunch crowd.",
    address: "6325 Topanga Canyon Blvd",
    city: "Woodland Hills",
    zipCode: "91367",
    phone: "(818) 555-0122",
    website: "https://warnergrove.example",
    rating: 4.4,
    reviewCount: 176,
    offerText: "Buy one cold-pressed juice, get the second half off with the kiosk code.",
    ownerName: "Kaia Alvarez",
    ownerBio:
      "Kaia is a former Pierce College track athlete who started blending smoothies for teammates. Warner Grove opened in 2021 and now supplies three local gyms.",
    qualityDescription: "Pressed fresh every morning and never pasteurized.",
    sustainabilityDescription: "Pulp goes to a Pierce College farm as compost, and cups are plant-based.",
    latitude: 34.1852,
    longitude: -118.6041,
  },
  {
    name: "Northridge Pie Co.",
    industry: "food-industry",
    description: "Thin-crust pizza by the slice near CSUN, open late for study nights.",
    address: "18111 Nordhoff St",
    city: "Northridge",
    zipCode: "91325",
    phone: "(818) 555-0123",
    email: "slice@northridgepie.example",
    website: "https://northridgepie.example",
    rating: 4.3,
    reviewCount: 447,
    offerText: "Two slices and a drink for $7 when you show a student ID or mention the kiosk.",
    ownerName: "Tony Esposito",
    ownerBio:
      "Tony is a CSUN alum who opened the shop across from campus in 2010. He still works the late shift on finals week.",
    qualityDescription: "Dough made daily and cold-fermented for 48 hours.",
    communityDescription:
      "Feeds every CSUN club fundraiser at cost and donates pies to Northridge Hospital night staff.",
    latitude: 34.2358,
    longitude: -118.5262,
  },
  {
    // Deliberately sparse: no phone, website, email, owner or offer.
    name: "Golden Hour Donuts",
    industry: "food-industry",
    address: "7659 Winnetka Ave",
    city: "Winnetka",
    zipCode: "91306",
    rating: 4.6,
    reviewCount: 142,
    latitude: 34.2088,
    longitude: -118.5712,
  },
  {
    name: "Valley Circle Creamery",
    industry: "food-industry",
    description: "Small-batch ice cream in flavors like honey lavender, Mexican chocolate and Meyer lemon.",
    address: "23013 Sherman Way",
    city: "West Hills",
    zipCode: "91307",
    phone: "(818) 555-0124",
    website: "https://valleycirclecreamery.example",
    rating: 4.9,
    reviewCount: 233,
    offerText: "Free waffle cone upgrade when you mention the kiosk.",
    ownerName: "Becca Lindqvist",
    ownerBio:
      "Becca made ice cream for her kids' birthday parties until the neighbors started placing orders. The shop opened in 2019 and the line on summer nights stretches down the block.",
    qualityDescription:
      "Churned in small batches daily with California dairy and fruit from the Fillmore farmers market.",
    communityDescription:
      "Hosts a flavor-naming contest for West Hills kids every summer; the winner's flavor goes on the menu.",
    sustainabilityDescription:
      "Compostable cups and spoons, and a 50-cent discount for bringing your own cup.",
    latitude: 34.2014,
    longitude: -118.6371,
  },

  // -------------------------------------------------------------------------------------------------------------
  // Professional services
  // -------------------------------------------------------------------------------------------------------------
  {
    name: "Ledger & Pine Tax Advisors",
    industry: "professional-services",
    description: "Tax preparation and year-round bookkeeping for Valley families and small businesses.",
    address: "21550 Oxnard St, Suite 300",
    city: "Woodland Hills",
    zipCode: "91367",
    phone: "(818) 555-0125",
    email: "team@ledgerandpine.example",
    website: "https://ledgerandpine.example",
    rating: 4.8,
    reviewCount: 122,
    offerText: "Free 30-minute tax-planning consultation for kiosk customers.",
    ownerName: "Grace Nakamura, CPA",
    ownerBio:
      "Grace spent twelve years at a big downtown firm before opening Ledger & Pine in 2015 to work with the kind of businesses she grew up around. She still answers client emails herself.",
    qualityDescription:
      "Every return is reviewed by two CPAs before it's filed, and we'll represent you if the IRS ever writes.",
    communityDescription:
      "Volunteers with free tax-prep clinics at Pierce College every February through April.",
    sustainabilityDescription:
      "Fully paperless since 2019: secure client portal and e-signatures for everything.",
    latitude: 34.1788,
    longitude: -118.6003,
  },
  {
    name: "Hollis & Reyes Family Law",
    industry: "professional-services",
    description: "Compassionate family law: custody, divorce mediation, adoption and estate planning.",
    address: "16830 Ventura Blvd, Suite 450",
    city: "Encino",
    zipCode: "91436",
    phone: "(818) 555-0126",
    email: "intake@hollisreyes.example",
    website: "https://hollisreyes.example",
    rating: 4.7,
    reviewCount: 68,
    offerText: "Free first consultation for kiosk visitors.",
    ownerName: "Diane Hollis",
    ownerBio:
      "Diane founded the firm with her law-school classmate Ana Reyes in 2008. Both are certified family-law specialists and both are Encino moms.",
    qualityDescription:
      "Mediation first whenever possible, and flat fees for adoptions and simple estate plans.",
    communityDescription: "Handles pro bono adoptions for foster families through a Van Nuys nonprofit.",
    latitude: 34.1574,
    longitude: -118.4982,
  },
  {
    name: "Topanga Insurance Partners",
    industry: "professional-services",
    description: "Independent agents for home, auto, renters and small-business insurance.",
    address: "5850 Canoga Ave, Suite 210",
    city: "Woodland Hills",
    zipCode: "91367",
    phone: "(818) 555-0127",
    website: "https://topangainsurance.example",
    rating: 4.5,
    reviewCount: 94,
    offerText: "Free policy review: we'll tell you honestly if you're overpaying.",
    ownerName: "Marcus Bell",
    ownerBio:
      "Marcus grew up in Canoga Park and spent a decade as a claims adjuster before becoming an independent agent. He knows what happens after the claim is filed.",
    qualityDescription:
      "We shop fifteen carriers for every quote and help with every claim, start to finish.",
    communityDescription:
      "Sponsors the Woodland Hills Fourth of July 5K and the Warner Center summer concerts.",
    latitude: 34.1762,
    longitude: -118.5984,
  },
  {
    name: "Keystone Home Realty",
    industry: "professional-services",
    description: "Buyer and seller agents who know every block between Tarzana and West Hills.",
    address: "18375 Ventura Blvd",
    city: "Tarzana",
    zipCode: "91356",
    phone: "(818) 555-0128",
    email: "homes@keystonehome.example",
    website: "https://keystonehome.example",
    rating: 4.6,
    reviewCount: 87,
    offerText: "Free home-value report and staging consultation for kiosk customers.",
    ownerName: "Sofia Grigoryan",
    ownerBio:
      "Sofia sold her first house in 2005 and has since helped more than four hundred Valley families move. She speaks English, Armenian and Russian.",
    qualityDescription: "Professional photography, 3D tours and staging advice included with every listing.",
    communityDescription: "Donates part of every commission to the Tarzana Neighborhood Council's park fund.",
    sustainabilityDescription:
      "Energy-efficiency reports for every listing so buyers know what they're getting.",
    latitude: 34.1708,
    longitude: -118.5342,
  },
  {
    name: "Brightpath Bookkeeping",
    industry: "professional-services",
    description: "Monthly bookkeeping, payroll and QuickBooks cleanup for small businesses.",
    address: "8400 De Soto Ave",
    city: "Canoga Park",
    zipCode: "91304",
    phone: "(818) 555-0129",
    email: "books@brightpath.example",
    rating: 4.9,
    reviewCount: 41,
    offerText: "First month of bookkeeping half off for Local Shine partners.",
    ownerName: "Aisha Rahman",
    ownerBio:
      "Aisha started Brightpath from her kitchen table in 2017 after her own bakery's books were a mess. Now she keeps the books for forty local businesses, including three Local Shiners.",
    qualityDescription:
      "A dedicated bookkeeper for every client and books closed by the 10th of every month.",
    communityDescription:
      "Teaches a free small-business finance workshop at the Canoga Park library each quarter.",
    latitude: 34.2233,
    longitude: -118.5886,
  },
  {
    name: "Sherman Oaks Print & Ship",
    industry: "professional-services",
    description: "Printing, packing, shipping, notary and mailbox rentals under one roof.",
    address: "13949 Ventura Blvd",
    city: "Sherman Oaks",
    zipCode: "91423",
    phone: "(818) 555-0130",
    website: "https://soprintship.example",
    rating: 4.2,
    reviewCount: 156,
    offerText: "10% off any print job when you mention the kiosk.",
    ownerName: "Julian Ochoa",
    ownerBio:
      "Julian bought the shop in 2012 and turned it into the neighborhood's back office. He has printed wedding invitations for half of Sherman Oaks.",
    qualityDescription: "Color-matched proofs before every big run and same-day turnaround for most jobs.",
    communityDescription: "Prints flyers for free for Sherman Oaks school fundraisers.",
    sustainabilityDescription:
      "Recycled paper by default and a drop-off bin for packing peanuts and ink cartridges.",
    latitude: 34.1469,
    longitude: -118.4375,
  },
  {
    name: "Calabasas Wealth Planning",
    industry: "professional-services",
    description: "Fee-only financial planning for families, retirees and small-business owners.",
    address: "4500 Park Granada, Suite 202",
    city: "Calabasas",
    zipCode: "91302",
    phone: "(818) 555-0131",
    email: "plan@calabasaswealth.example",
    website: "https://calabasaswealth.example",
    rating: 4.8,
    reviewCount: 39,
    offerText: "Complimentary retirement check-up for kiosk visitors.",
    ownerName: "Robert Achebe, CFP",
    ownerBio:
      "Robert spent fifteen years at a national brokerage before going fee-only in 2014 so he'd never have to sell a product again. He coaches youth basketball on weekends.",
    qualityDescription: "Fiduciary at all times: no commissions, no products, just advice.",
    communityDescription:
      "Runs free financial-literacy nights for Calabasas High School seniors and their parents.",
    latitude: 34.1541,
    longitude: -118.6457,
  },
  {
    // Deliberately sparse: no phone, website, email or owner.
    name: "Northridge Notary & Live Scan",
    industry: "professional-services",
    description: "Walk-in notary, Live Scan fingerprinting and passport photos.",
    address: "8941 Corbin Ave",
    city: "Northridge",
    zipCode: "91324",
    rating: 3.9,
    reviewCount: 18,
    latitude: 34.2316,
    longitude: -118.5624,
  },
  {
    name: "Studio Nine Creative",
    industry: "professional-services",
    description:
      "Websites, logos and social media for local businesses that would rather be running their business.",
    address: "16661 Victory Blvd",
    city: "Van Nuys",
    zipCode: "91406",
    phone: "(818) 555-0132",
    email: "hello@studioninecreative.example",
    website: "https://studioninecreative.example",
    rating: 5.0,
    reviewCount: 27,
    offerText: "Free website audit and a one-page refresh plan for Local Shine partners.",
    ownerName: "Maya Goldberg",
    ownerBio:
      "Maya designed for agencies in Santa Monica before deciding she'd rather help the taqueria down the street than another sneaker brand. Studio Nine has built sites for over sixty Valley businesses.",
    qualityDescription: "Fast, accessible websites the owner can update without calling us.",
    communityDescription: "Builds one free website a year for a Valley nonprofit.",
    sustainabilityDescription: "Green-hosted sites and lightweight pages that load fast on any phone.",
    latitude: 34.1867,
    longitude: -118.4908,
  },

  // -------------------------------------------------------------------------------------------------------------
  // Health & wellness
  // -------------------------------------------------------------------------------------------------------------
  {
    name: "Warner Center Pilates",
    industry: "health-wellness",
    description: "Reformer and mat Pilates in small classes of six or fewer.",
    address: "21820 Burbank Blvd",
    city: "Woodland Hills",
    zipCode: "91367",
    phone: "(818) 555-0133",
    email: "move@warnercenterpilates.example",
    website: "https://warnercenterpilates.example",
    rating: 4.9,
    reviewCount: 188,
    offerText: "First reformer class free when you mention the Local Shine kiosk.",
    ownerName: "Camille Dubois",
    ownerBio:
      "Camille danced with a ballet company in Montréal before an injury brought her to Pilates. She opened the studio in 2016 and still teaches the 6 a.m. class.",
    qualityDescription: "Comprehensively certified instructors and classes capped at six people.",
    communityDescription:
      "Free monthly classes for cancer survivors in partnership with a Woodland Hills support group.",
    sustainabilityDescription: "Solar-powered studio and refillable water stations instead of bottled water.",
    latitude: 34.1723,
    longitude: -118.6071,
  },
  {
    name: "Topanga Family Chiropractic",
    industry: "health-wellness",
    description: "Gentle chiropractic care for back pain, sports injuries and pregnancy.",
    address: "20929 Ventura Blvd, Suite 12",
    city: "Woodland Hills",
    zipCode: "91364",
    phone: "(818) 555-0134",
    website: "https://topangachiro.example",
    rating: 4.7,
    reviewCount: 143,
    offerText: "New-patient exam and first adjustment for $39.",
    ownerName: "Dr. Ben Adeyemi",
    ownerBio:
      "Dr. Ben played college soccer until a back injury introduced him to chiropractic care. He's been treating Woodland Hills families since 2012.",
    qualityDescription: "Evidence-based care with a plan and a goal, never open-ended visits.",
    communityDescription: "Provides free sports-injury screenings for West Valley youth soccer every fall.",
    latitude: 34.1697,
    longitude: -118.5868,
  },
  {
    name: "Serenity Valley Massage",
    industry: "health-wellness",
    description: "Deep tissue, Swedish and prenatal massage in a calm Tarzana studio.",
    address: "19014 Ventura Blvd",
    city: "Tarzana",
    zipCode: "91356",
    phone: "(818) 555-0135",
    email: "relax@serenityvalley.example",
    website: "https://serenityvalley.example",
    rating: 4.8,
    reviewCount: 264,
    offerText: "$20 off your first 60-minute massage when you mention the kiosk.",
    ownerName: "Mai Nguyen",
    ownerBio:
      "Mai has been a licensed massage therapist for eighteen years. She opened Serenity Valley in 2015 with two rooms; now there are six, and every therapist is an employee, not a contractor.",
    qualityDescription: "CAMTC-certified therapists and a short intake before every session.",
    communityDescription: "Offers free chair massages to nurses at Tarzana's hospital during Nurses Week.",
    sustainabilityDescription: "Organic oils, linens washed in cold water, and LED lighting throughout.",
    latitude: 34.1702,
    longitude: -118.5478,
  },
  {
    name: "Encino Smile Dental",
    industry: "health-wellness",
    description: "Family and cosmetic dentistry with evening and Saturday hours.",
    address: "17215 Ventura Blvd",
    city: "Encino",
    zipCode: "91316",
    phone: "(818) 555-0136",
    email: "smile@encinosmile.example",
    website: "https://encinosmile.example",
    rating: 4.6,
    reviewCount: 231,
    offerText: "Free electric toothbrush with a new-patient cleaning.",
    ownerName: "Dr. Leila Moradi",
    ownerBio:
      "Dr. Moradi graduated from USC dental school and practiced in Beverly Hills before opening her own office close to home. Her kids, and her patients' kids, get to pick the waiting-room movie.",
    qualityDescription: "Digital X-rays with 80% less radiation and same-day crowns.",
    communityDescription:
      "Free dental screenings at Encino schools every February for Children's Dental Health Month.",
    sustainabilityDescription:
      "Paperless charts, digital impressions and an amalgam separator to keep mercury out of the water.",
    latitude: 34.1611,
    longitude: -118.5103,
  },
  {
    name: "Reseda Community Yoga",
    industry: "health-wellness",
    description: "Donation-based and sliding-scale yoga for every body and every budget.",
    address: "18531 Victory Blvd",
    city: "Reseda",
    zipCode: "91335",
    phone: "(818) 555-0137",
    website: "https://resedayoga.example",
    rating: 4.9,
    reviewCount: 112,
    offerText: "Your first week of classes is free with the kiosk code.",
    ownerName: "Jordan Ellis",
    ownerBio:
      "Jordan taught yoga at studios across the Westside before opening a place where no one has to choose between rent and a class. Reseda Community Yoga opened in 2020 and has never turned anyone away.",
    qualityDescription: "Registered instructors, and every class includes options for beginners.",
    communityDescription: "Pay-what-you-can pricing and free classes for veterans every Sunday.",
    sustainabilityDescription: "Borrowable mats cleaned with plant-based spray, and bike racks out front.",
    latitude: 34.1869,
    longitude: -118.5398,
  },
  {
    name: "West Hills Physical Therapy",
    industry: "health-wellness",
    description: "One-on-one physical therapy for sports injuries, surgeries and balance.",
    address: "23335 Sherman Way",
    city: "West Hills",
    zipCode: "91307",
    phone: "(818) 555-0138",
    email: "front@westhillspt.example",
    rating: 4.8,
    reviewCount: 97,
    offerText: "Free 20-minute injury screen for kiosk visitors.",
    ownerName: "Dr. Natalie Park, DPT",
    ownerBio:
      "Natalie worked in hospital rehab for ten years before opening a clinic where every session is one-on-one. She's a marathoner who has run Los Angeles eleven times.",
    qualityDescription: "Full-hour sessions with the same therapist every visit.",
    communityDescription: "Runs a free fall-prevention class for West Hills seniors twice a month.",
    latitude: 34.2017,
    longitude: -118.6448,
  },
  {
    name: "Chatsworth Boxing & Fitness",
    industry: "health-wellness",
    description: "Boxing technique, conditioning and youth programs in a no-ego gym.",
    address: "21015 Lassen St",
    city: "Chatsworth",
    zipCode: "91311",
    phone: "(818) 555-0139",
    website: "https://chatsworthboxing.example",
    rating: 4.7,
    reviewCount: 83,
    offerText: "Free week of classes and a pair of hand wraps for kiosk customers.",
    ownerName: "Luis Carrillo",
    ownerBio:
      "Luis boxed as an amateur in the '90s and then coached for twenty years before opening his own gym. The youth program keeps forty kids busy after school.",
    qualityDescription:
      "USA Boxing-certified coaches and classes for every level, including never-punched-before.",
    communityDescription: "Free after-school program for Chatsworth teens, funded by adult memberships.",
    latitude: 34.2504,
    longitude: -118.5937,
  },
  {
    name: "Northridge Family Optometry",
    industry: "health-wellness",
    description: "Eye exams, contact lenses and a wall of frames that doesn't cost a fortune.",
    address: "9345 Tampa Ave",
    city: "Northridge",
    zipCode: "91324",
    phone: "(818) 555-0140",
    email: "see@northridgeoptometry.example",
    website: "https://northridgeoptometry.example",
    rating: 4.5,
    reviewCount: 176,
    offerText: "20% off a second pair of glasses when you mention the kiosk.",
    ownerName: "Dr. Sunita Rao, OD",
    ownerBio:
      "Dr. Rao has practiced in Northridge since 2004 and now examines the children of her first patients. She loves finding the one frame that makes someone smile.",
    qualityDescription: "Retinal imaging included with every exam at no extra charge.",
    communityDescription:
      "Free vision screenings and glasses for students through a Northridge school partnership.",
    sustainabilityDescription: "Frames made from recycled acetate and a take-back bin for old glasses.",
    latitude: 34.2388,
    longitude: -118.5531,
  },
  {
    name: "Lost Hills Acupuncture",
    industry: "health-wellness",
    description: "Acupuncture and herbal medicine for pain, stress, sleep and fertility.",
    address: "26500 Agoura Rd, Suite 104",
    city: "Calabasas",
    zipCode: "91302",
    phone: "(818) 555-0141",
    website: "https://losthillsacupuncture.example",
    rating: 4.8,
    reviewCount: 72,
    offerText: "First treatment $45 for Local Shine kiosk visitors.",
    ownerName: "Dr. Yuki Morimoto, L.Ac.",
    ownerBio:
      "Yuki trained in Kyoto and Los Angeles and has practiced in Calabasas since 2011. Her treatment room looks out over the Santa Monica Mountains.",
    qualityDescription:
      "Licensed acupuncturist, single-use needles and a detailed plan after the first visit.",
    communityDescription: "Offers community acupuncture at a sliding scale every Wednesday evening.",
    sustainabilityDescription:
      "Herbs sourced from certified sustainable growers, and paper-free intake forms.",
    latitude: 34.1436,
    longitude: -118.7012,
  },
  {
    name: "Sherman Oaks Sound & Stretch",
    industry: "health-wellness",
    description: "Assisted stretching, sound baths and recovery sessions for people who sit all day.",
    address: "14241 Ventura Blvd",
    city: "Sherman Oaks",
    zipCode: "91423",
    phone: "(818) 555-0142",
    rating: 3.8,
    reviewCount: 12,
    offerText: "Half off your first assisted-stretch session.",
    ownerName: "Talia Brooks",
    ownerBio:
      "Talia was a production assistant who spent twelve-hour days on her feet until a stretch therapist fixed her back. She opened the studio in 2024 to do the same for her old coworkers.",
    latitude: 34.1492,
    longitude: -118.4438,
  },
];
