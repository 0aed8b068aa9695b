import { MESSAGES } from '@storyloom/shared';
import { House } from 'lucide-react';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { buttonClasses } from '../../components/ui/button';

export function NotFoundPage() {
  return (
    <section
      data-testid="not-found-page"
      className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-20 text-center"
    >
      <PageTitle title="Page not found" />
      <p
        aria-hidden="true"
        className="bg-gradient-to-br from-indigo-500 to-pink-500 bg-clip-text font-serif text-8xl font-bold text-transparent sm:text-9xl"
      >
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">
        {MESSAGES.pageNotFound}
      </h1>
      <p className="mt-3 text-muted-foreground">
        The page you are looking for does not exist or has moved.
      </p>
      <Link to="/" className={buttonClasses({ size: 'lg', className: 'mt-8' })}>
        <House aria-hidden="true" />
        {MESSAGES.returnHome}
      </Link>
    </section>
  );
}
