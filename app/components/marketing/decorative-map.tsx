/** Four partner neighborhoods, placed roughly where they sit in the West San Fernando Valley. */
const PINS = [
  { label: "Canoga Park", x: 92, y: 92 },
  { label: "Woodland Hills", x: 138, y: 196 },
  { label: "Tarzana", x: 268, y: 168 },
  { label: "Encino", x: 380, y: 132 },
] as const;

/**
 * The home page's small map (docs/product.md#home: a decorative map with four pins). Plain SVG on purpose: the real,
 * interactive map lives at /map, and the home page should not pay for a map library.
 */
export function DecorativeMap() {
  return (
    <svg
      viewBox="0 0 480 320"
      role="img"
      aria-label="Map of four Local Shine partner kiosks in Canoga Park, Woodland Hills, Tarzana and Encino"
      className="h-auto w-full rounded-3xl border bg-card shadow-lg"
    >
      <rect width="480" height="320" rx="24" fill="oklch(0.97 0.025 150)" />
      {/* Santa Monica Mountains along the south edge */}
      <path
        d="M0 262 C60 232 110 250 160 236 S260 214 320 232 S420 220 480 238 V320 H0Z"
        fill="oklch(0.9 0.06 150)"
      />
      <path d="M0 290 C80 270 150 284 220 270 S360 262 480 276 V320 H0Z" fill="oklch(0.85 0.07 150)" />
      {/* Street grid */}
      <g stroke="oklch(0.9 0.01 240)" strokeWidth="3">
        {[40, 88, 136, 184].map((y) => (
          <line key={`h${y}`} x1="0" x2="480" y1={y} y2={y} />
        ))}
        {[60, 120, 180, 240, 300, 360, 420].map((x) => (
          <line key={`v${x}`} x1={x} x2={x} y1="0" y2="230" />
        ))}
      </g>
      {/* Ventura Boulevard and the 101 */}
      <path
        d="M0 214 C120 206 220 218 300 204 S420 188 480 192"
        stroke="var(--sun)"
        strokeWidth="10"
        fill="none"
      />
      <path d="M0 150 C140 152 260 140 480 118" stroke="white" strokeWidth="8" fill="none" />
      <path
        d="M0 150 C140 152 260 140 480 118"
        stroke="oklch(0.8 0.03 240)"
        strokeWidth="2"
        strokeDasharray="10 8"
        fill="none"
      />
      <text x="466" y="180" fontSize="11" fontWeight="700" textAnchor="end" fill="oklch(0.35 0.05 240)">
        Ventura Blvd
      </text>
      <g transform="translate(440 104)">
        <path d="M-11 -11h22v14c0 6-11 10-11 10s-11-4-11-10z" fill="var(--ink)" />
        <text y="3" fontSize="9" fontWeight="800" fill="white" textAnchor="middle">
          101
        </text>
      </g>
      {PINS.map((pin) => (
        <g key={pin.label} transform={`translate(${pin.x} ${pin.y})`}>
          <ellipse cy="2" rx="9" ry="3" fill="var(--ink)" opacity="0.2" />
          <path
            d="M0 0C-4-8-15-15-15-26a15 15 0 0 1 30 0C15-15 4-8 0 0z"
            fill="var(--primary)"
            stroke="white"
            strokeWidth="2.5"
          />
          <circle cy="-26" r="6" fill="var(--sun)" />
          <rect x="-48" y="8" width="96" height="22" rx="11" fill="white" stroke="oklch(0.9 0.01 240)" />
          <text y="23" fontSize="11" fontWeight="700" fill="var(--ink)" textAnchor="middle">
            {pin.label}
          </text>
        </g>
      ))}
    </svg>
  );
}
