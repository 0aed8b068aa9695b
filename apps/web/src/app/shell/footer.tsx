import { PRODUCT_NAME, PRODUCT_TAGLINE } from '@storyloom/shared';
import { AppLink } from '../../components/ui/app-link';
import { BrandLogo } from './brand-logo';

type FooterLink = { label: string; to: `/${string}` };
type SocialLink = { label: string; href: string };

const groups: { title: string; links: FooterLink[] }[] = [
  {
    title: 'Product',
    links: [
      { label: 'Browse Stories', to: '/stories' },
      { label: 'Authors', to: '/authors' },
      { label: 'Features', to: '/features' },
      { label: 'Pricing', to: '/pricing' },
    ],
  },
  {
    // No blog and no hiring yet: no Blog or Careers link until there is something behind it.
    title: 'Company',
    links: [
      { label: 'About', to: '/about' },
      { label: 'Contact', to: '/contact' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Privacy Policy', to: '/privacy' },
      { label: 'Terms of Service', to: '/terms' },
      { label: 'Cookie Policy', to: '/cookies' },
      { label: 'Community Guidelines', to: '/guidelines' },
    ],
  },
];

const socialLinks: SocialLink[] = [
  { label: 'X', href: 'https://x.com' },
  { label: 'Instagram', href: 'https://www.instagram.com' },
  { label: 'Facebook', href: 'https://www.facebook.com' },
  { label: 'YouTube', href: 'https://www.youtube.com' },
];

/** Shown to signed-out visitors only (the page shell decides). */
export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t bg-muted/40" data-testid="site-footer">
      <div className="footer-grid">
        <div className="footer-about">
          <BrandLogo />
          <p>{`${PRODUCT_TAGLINE}. Read, write and share stories, one chapter at a time.`}</p>
          <ul aria-label="Social media" className="footer-social">
            {socialLinks.map(({ label, href }) => (
              <li key={label}>
                <a href={href} target="_blank" rel="noopener noreferrer">
                  {label}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        {groups.map(({ title, links }) => (
          <nav key={title} aria-labelledby={`footer-${title.toLowerCase()}`}>
            <h2 id={`footer-${title.toLowerCase()}`}>{title}</h2>
            <ul className="footer-links">
              {links.map(({ label, to }) => (
                <li key={to}>
                  <AppLink to={to}>{label}</AppLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t">
        <p className="footer-copyright">{`© ${year} ${PRODUCT_NAME}. All rights reserved.`}</p>
      </div>
    </footer>
  );
}
