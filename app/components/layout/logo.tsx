/** The Local Shine mark: a sun rising over a kiosk. Decorative; the link around it carries the name. */
export function LogoMark({ className = "size-9" }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" className={className} aria-hidden="true">
      <circle cx="20" cy="20" r="19" fill="var(--primary)" />
      <circle cx="20" cy="17" r="7" fill="var(--sun)" />
      <g stroke="var(--sun)" strokeWidth="2" strokeLinecap="round">
        <path d="M20 5v3M9.5 9.5l2.1 2.1M30.5 9.5l-2.1 2.1M6 17h3M31 17h3" />
      </g>
      <rect x="15" y="24" width="10" height="10" rx="2" fill="white" />
      <rect x="17" y="26" width="6" height="3" rx="1" fill="var(--primary)" />
    </svg>
  );
}
