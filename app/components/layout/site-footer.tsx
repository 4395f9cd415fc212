import { Link } from "react-router";
import { INDUSTRIES } from "~/lib/industries";
import type { HeaderViewer } from "./header-viewer";
import { LogoMark } from "./logo";

/** The footer knows who is reading: a signed-in person gets their own pages instead of Sign In. */
export function SiteFooter({ viewer }: { viewer: HeaderViewer | null }) {
  return (
    <footer className="mt-16 border-t bg-ink text-white/80">
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4 xl:grid-cols-5">
        <div className="space-y-3">
          <div className="flex items-center gap-2 font-extrabold text-white">
            <LogoMark className="size-8" /> Local Shine
          </div>
          <p className="text-sm">
            Free digital sanitizer kiosks for small businesses, with rotating ads that put neighbors first.
            Started in Woodland Hills, growing across California.
          </p>
        </div>
        <FooterColumn title="Explore">
          <FooterLink to="/about">Digital Kiosk</FooterLink>
          <FooterLink to="/shine-stories">Shine Stories</FooterLink>
          <FooterLink to="/local-shiners">Local Shiners</FooterLink>
          <FooterLink to="/map">Network Map</FooterLink>
        </FooterColumn>
        <FooterColumn title="Industries">
          {INDUSTRIES.map((industry) => (
            <FooterLink key={industry.id} to={`/local-shiners/${industry.id}`}>
              {industry.title}
            </FooterLink>
          ))}
        </FooterColumn>
        <FooterColumn title="Get involved">
          <FooterLink to="/submit-business">Join Our Network</FooterLink>
          <FooterLink to="/contact">Contact</FooterLink>
          {viewer ? null : <FooterLink to="/signin">Sign In</FooterLink>}
        </FooterColumn>
        {viewer ? (
          <FooterColumn title="Your account">
            <li className="truncate text-white/60">Signed in as {viewer.email}</li>
            <FooterLink to="/dashboard">Dashboard</FooterLink>
            <FooterLink to="/admin">{viewer.isAdmin ? "All Listings" : "My Listings"}</FooterLink>
            <FooterLink to="/dashboard/ads">My Ads</FooterLink>
          </FooterColumn>
        ) : null}
      </div>
      <div className="border-t border-white/10">
        <p className="container-page py-4 text-xs text-white/60">
          © {new Date().getFullYear()} Local Shine. Made with care in the San Fernando Valley.
        </p>
      </div>
    </footer>
  );
}

function FooterColumn({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    // min-w-0: a long email (truncated) must not widen its grid column past a phone's screen.
    <div className="min-w-0">
      <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-white">{title}</h2>
      <ul className="space-y-2 text-sm">{children}</ul>
    </div>
  );
}

function FooterLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <li>
      <Link to={to} className="rounded hover:text-sun hover:underline">
        {children}
      </Link>
    </li>
  );
}
