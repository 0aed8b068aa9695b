import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { DocumentPage, type DocumentSection } from './components/document-page';

const sections: DocumentSection[] = [
  {
    id: 'free',
    title: 'Storyloom is free',
    content: (
      <>
        <p>
          There are no paid plans, no premium chapters and no ads. Reading, writing, following, your
          library and everything else on the <Link to="/features">features page</Link> cost nothing,
          and reading does not even need an account.
        </p>
        <p>If that ever changes, this page will say so before anything is charged for.</p>
      </>
    ),
  },
];

/** /pricing: an honest short page. There is nothing to buy. */
export function PricingPage() {
  return (
    <DocumentPage
      title="Pricing"
      kicker="Product"
      summary={<p>Free to read, free to write.</p>}
      sections={sections}
      contents={false}
      testId="pricing-page"
    >
      <Link to="/stories" className={buttonClasses()}>
        Start reading
      </Link>
    </DocumentPage>
  );
}
