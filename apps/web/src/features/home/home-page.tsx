import { DISCOVERY, PRODUCT_NAME, PRODUCT_TAGLINE } from '@storyloom/shared';
import { BookOpen, Flame, PenLine, Sparkles, Star, TrendingUp, Zap } from 'lucide-react';
import { Link } from 'react-router';
import { homeQueryOptions, useHomeSections } from '../../api/stories/get-home';
import { PageTitle } from '../../components/page-title';
import { ReadingChallengeCard } from '../../components/reading-challenge-card';
import { buttonClasses } from '../../components/ui/button';
import { prefetchLoader } from '../../lib/route-data';
import { useAuthStore } from '../../stores/auth-store';
import { GenreGrid } from './components/genre-grid';
import { QuoteRotator } from './components/quote-rotator';
import { StorySection } from './components/story-section';
import { CoverStack } from './cover-stack';

export const loader = prefetchLoader((client) => client.prefetchQuery(homeQueryOptions()));

const HOME = DISCOVERY.home;

const STATS = [
  { value: '2.5M+', label: 'pages read today' },
  { value: '850K+', label: 'active readers' },
  { value: '125K+', label: 'stories published' },
] as const;

export function HomePage() {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const primary = isAuthenticated
    ? { label: 'Explore Library', to: '/stories' }
    : { label: 'Start Reading Free', to: '/stories' };
  const secondary = isAuthenticated
    ? { label: 'Start Writing', to: '/stories/create' }
    : { label: 'Join as Writer', to: '/auth/signup' };

  const { sections, loading } = useHomeSections();

  return (
    <>
      <PageTitle />
      <section className="hero" aria-labelledby="hero-title">
        <div aria-hidden="true" className="hero-glow" />
        <div className="hero-row">
          <div>
            <p className="hero-badge">
              <Sparkles aria-hidden="true" />
              {PRODUCT_NAME}
            </p>
            <h1 id="hero-title" className="hero-title">
              {PRODUCT_TAGLINE}
            </h1>
            <p className="hero-lead">
              Discover serialized fiction in every genre, from slow-burn romance to midnight
              mysteries, or publish your own story one chapter at a time.
            </p>
            <QuoteRotator />
            <div className="hero-actions">
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

      <div className="mx-auto w-full max-w-7xl px-4">
        <ul
          aria-label={`${PRODUCT_NAME} in numbers`}
          className="grid grid-cols-3 gap-2 sm:gap-3"
          data-testid="home-stats"
        >
          {STATS.map((stat) => (
            <li key={stat.label} className="home-stat">
              <b>{stat.value}</b>
              <span>{stat.label}</span>
            </li>
          ))}
        </ul>

        <StorySection
          id="featured"
          title="Featured Stories This Week"
          subtitle="The stories readers can’t put down"
          icon={<Star className="text-amber-500" aria-hidden="true" />}
          stories={sections.featured}
          loading={loading}
          count={HOME.featured}
          viewAll={{ to: '/stories?sort=popular', label: 'View all' }}
        />

        <GenreGrid />

        <StorySection
          id="most-popular"
          title="Most Popular Stories"
          subtitle="Next on the all-time list, after the featured stories"
          icon={<Flame className="text-orange-500" aria-hidden="true" />}
          stories={sections.most_popular}
          loading={loading}
          count={HOME.mostPopular}
          layout="list"
        />

        <StorySection
          id="trending"
          title="Trending This Week"
          subtitle="Gaining readers fastest this week"
          icon={<TrendingUp className="text-emerald-500" aria-hidden="true" />}
          stories={sections.trending}
          loading={loading}
          count={HOME.trending}
          ranked
          viewAll={{ to: '/stories?sort=trending', label: 'View all' }}
        />

        <StorySection
          id="latest"
          title="Fresh Off the Press"
          subtitle="The newest stories on Storyloom"
          icon={<Zap className="text-sky-500" aria-hidden="true" />}
          stories={sections.latest}
          loading={loading}
          count={HOME.latest}
          viewAll={{ to: '/stories?sort=latest', label: 'View all' }}
        />

        <div className="py-10">
          <ReadingChallengeCard signedIn={isAuthenticated} />
        </div>

        <section aria-labelledby="cta-title" data-testid="home-cta" className="home-cta">
          <h2 id="cta-title" className="font-serif text-3xl font-bold">
            Your next favourite story is waiting
          </h2>
          <p className="mx-auto mt-3 max-w-lg text-muted-foreground">
            Thousands of stories across every genre, free to read.
          </p>
          <Link to="/stories" className={buttonClasses({ size: 'lg', className: 'mt-8' })}>
            <BookOpen aria-hidden="true" />
            Browse All Stories
          </Link>
        </section>
      </div>
    </>
  );
}
