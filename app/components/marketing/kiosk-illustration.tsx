import { Icon } from "~/components/ui/icon";

/**
 * The home hero's picture: a Local Shine kiosk with a neighbor's ad on screen and the sanitizer below. Drawn in
 * SVG so the first paint needs no image download; decorative, so hidden from assistive technology.
 */
export function KioskIllustration() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-sm select-none">
      <svg viewBox="0 0 320 420" className="w-full drop-shadow-xl">
        <circle cx="230" cy="90" r="86" fill="var(--sun)" opacity="0.35" />
        <ellipse cx="170" cy="396" rx="96" ry="12" fill="var(--ink)" opacity="0.12" />
        {/* Body */}
        <rect
          x="96"
          y="30"
          width="148"
          height="348"
          rx="26"
          fill="white"
          stroke="var(--primary)"
          strokeWidth="4"
        />
        <rect x="128" y="376" width="84" height="14" rx="7" fill="var(--primary)" />
        {/* Screen with a neighbor's ad */}
        <rect x="110" y="46" width="120" height="164" rx="12" fill="var(--ink)" />
        <rect x="118" y="54" width="104" height="58" rx="8" fill="var(--sun)" />
        <circle cx="142" cy="83" r="14" fill="white" opacity="0.9" />
        <path
          d="M135 86c3 5 11 5 14 0"
          stroke="var(--ink)"
          strokeWidth="2.5"
          fill="none"
          strokeLinecap="round"
        />
        <rect x="162" y="72" width="50" height="7" rx="3.5" fill="var(--ink)" opacity="0.8" />
        <rect x="162" y="86" width="38" height="6" rx="3" fill="var(--ink)" opacity="0.5" />
        <rect x="118" y="124" width="84" height="8" rx="4" fill="white" opacity="0.9" />
        <rect x="118" y="140" width="100" height="6" rx="3" fill="white" opacity="0.45" />
        <rect x="118" y="152" width="70" height="6" rx="3" fill="white" opacity="0.45" />
        <rect x="118" y="172" width="62" height="22" rx="11" fill="var(--primary)" />
        <rect x="128" y="180" width="42" height="6" rx="3" fill="white" />
        <circle cx="196" cy="200" r="2.5" fill="white" />
        <circle cx="206" cy="200" r="2.5" fill="white" opacity="0.4" />
        <circle cx="216" cy="200" r="2.5" fill="white" opacity="0.4" />
        {/* Logo and sanitizer */}
        <circle cx="170" cy="238" r="11" fill="var(--primary)" />
        <circle cx="170" cy="236" r="5" fill="var(--sun)" />
        <rect x="140" y="266" width="60" height="24" rx="8" fill="var(--primary)" />
        <rect x="164" y="290" width="12" height="8" rx="2" fill="var(--primary)" />
        <path d="M170 306c-4 6-6 9-6 12a6 6 0 0 0 12 0c0-3-2-6-6-12z" fill="oklch(0.75 0.1 205)" />
        <rect x="128" y="336" width="84" height="10" rx="5" fill="var(--secondary)" />
      </svg>
      <div className="absolute top-[66%] -left-2 flex items-center gap-2 rounded-xl border bg-card px-3 py-2 text-sm font-semibold text-ink shadow-lg sm:-left-8">
        <Icon name="badge-check" className="size-5 text-primary" /> Free install
      </div>
      <div className="absolute top-[24%] -right-2 flex items-center gap-2 rounded-xl border bg-card px-3 py-2 text-sm font-semibold text-ink shadow-lg sm:-right-8">
        <Icon name="megaphone" className="size-5 text-primary" /> Your ad, on every screen
      </div>
    </div>
  );
}
