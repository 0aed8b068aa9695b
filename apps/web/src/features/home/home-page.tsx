import { PRODUCT_NAME, PRODUCT_TAGLINE } from '@storyloom/shared';
import { BookOpen, PenLine, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { buttonClasses } from '../../components/ui/button';
import { useAuthStore } from '../../stores/auth-store';
import { CoverStack } from './cover-stack';

export function HomePage() {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const primary = isAuthenticated
    ? { label: 'Explore Library', to: '/stories' }
    : { label: 'Start Reading Free', to: '/stories' };
  const secondary = isAuthenticated
    ? { label: 'Start Writing', to: '/stories/create' }
    : { label: 'Join as Writer', to: '/auth/signup' };

  return (
    <section className="relative isolate overflow-hidden" aria-labelledby="hero-title">
      <PageTitle />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(60%_50%_at_15%_10%,rgba(99,102,241,0.18),transparent),radial-gradient(45%_45%_at_90%_30%,rgba(236,72,153,0.14),transparent)]"
      />
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:py-24 lg:grid-cols-[1.1fr_0.9fr] lg:py-28">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border bg-background/70 px-3 py-1 text-sm font-medium text-muted-foreground backdrop-blur">
            <Sparkles className="size-4 text-primary" aria-hidden="true" />
            {PRODUCT_NAME}
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-balance font-serif text-4xl font-bold leading-[1.1] tracking-tight sm:text-5xl lg:text-6xl"
          >
            {PRODUCT_TAGLINE}
          </h1>
          <p className="mt-6 max-w-xl text-lg text-muted-foreground">
            Discover serialized fiction in every genre, from slow-burn romance to midnight
            mysteries, or publish your own story one chapter at a time.
          </p>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            <Link to={primary.to} className={buttonClasses({ size: 'lg' })}>
              <BookOpen aria-hidden="true" />
              {primary.label}
            </Link>
            <Link to={secondary.to} className={buttonClasses({ size: 'lg', variant: 'outline' })}>
              <PenLine aria-hidden="true" />
              {secondary.label}
            </Link>
          </div>
        </div>
        <CoverStack />
      </div>
    </section>
  );
}
