import { MESSAGES } from '@storyloom/shared';
import { PlaceholderPage } from '../../components/placeholder-page';

/** Footer pages whose content is not written yet: a title and 'to be implemented'. */
function InfoPage({ title }: { title: string }) {
  return <PlaceholderPage title={title} description={MESSAGES.toBeImplemented} />;
}

export const AboutPage = () => <InfoPage title="About" />;
export const PrivacyPage = () => <InfoPage title="Privacy Policy" />;
export const TermsPage = () => <InfoPage title="Terms of Service" />;
export const ContactPage = () => <InfoPage title="Contact" />;
export const FeaturesPage = () => <InfoPage title="Features" />;
export const PricingPage = () => <InfoPage title="Pricing" />;
export const AuthorsPage = () => <InfoPage title="For Authors" />;
export const BlogPage = () => <InfoPage title="Blog" />;
export const CareersPage = () => <InfoPage title="Careers" />;
export const CookiesPage = () => <InfoPage title="Cookie Policy" />;
export const GuidelinesPage = () => <InfoPage title="Community Guidelines" />;
