import { PRODUCT_NAME, PRODUCT_TAGLINE } from '@storyloom/shared';
import { BookOpen, Flame, PenLine, Sparkles, Star, TrendingUp, Zap } from 'lucide-react';
import { Link } from 'react-router';
import { storyListQueryOptions, useStorySection } from '../../api/stories/get-story-list';
import { PageTitle } from '../../components/page-title';
import { ReadingChallengeCard } from '../../components/reading-challenge-card';
import { buttonClasses } from '../../components/ui/button';
import { prefetchLoader } from '../../lib/route-data';
import { useAuthStore } from '../../stores/auth-store';
import { GenreGrid } from './components/genre-grid';
import { QuoteRotator } from './components/quote-rotator';
import { StorySection } from './components/story-section';
import { CoverStack } from './cover-stack';
import { HOME, HOME_LISTS, homeSections } from './model/sections';

export const loader = prefetchLoader((client) =>
  Promise.all(
    Object.values(HOME_LISTS).map((params) => client.prefetchQuery(storyListQueryOptions(params))),
  ),
);

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

  const popular = useStorySection(HOME_LISTS.popular);
  const trending = useStorySection(HOME_LISTS.trending);
  const latest = useStorySection(HOME_LISTS.latest);
  const sections = homeSections({
    popular: popular.stories,
    trending: trending.stories,
    latest: latest.stories,
  });
  // A section waits for the lists above it, since it leaves out the stories they show.
  const loading = {
    popular: popular.loading,
    trending: popular.loading || trending.loading,
    latest: popular.loading || trending.loading || latest.loading,
  };

  return (
    <>
      <PageTitle />
      <section className="relative isolate overflow-hidden" aria-labelledby="hero-title">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(60%_50%_at_15%_10%,rgba(99,102,241,0.18),transparent),radial-gradient(45%_45%_at_90%_30%,rgba(236,72,153,0.14),transparent)]"
        />
        <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-10 sm:py-20 lg:grid-cols-[1.1fr_0.9fr] lg:py-24">
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
            <QuoteRotator />
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

      <div className="mx-auto w-full max-w-7xl px-4">
        <ul
          aria-label={`${PRODUCT_NAME} in numbers`}
          className="grid grid-cols-3 gap-2 sm:gap-3"
          data-testid="home-stats"
        >
          {STATS.map((stat) => (
            <li
              key={stat.label}
              className="rounded-2xl border bg-card px-2 py-3 text-center shadow-sm sm:px-5 sm:py-4"
            >
              <span className="block font-serif text-xl font-bold text-primary sm:text-3xl">
                {stat.value}
              </span>
              <span className="text-xs text-muted-foreground sm:text-sm">{stat.label}</span>
            </li>
          ))}
        </ul>

        <StorySection
          id="featured"
          title="Featured Stories This Week"
          subtitle="The stories readers can’t put down"
          icon={<Star className="size-6 text-amber-500" aria-hidden="true" />}
          stories={sections.featured}
          loading={loading.popular}
          count={HOME.featured}
          viewAll={{ to: '/stories?sort=popular', label: 'View all' }}
        />

        <GenreGrid />

        <StorySection
          id="most-popular"
          title="Most Popular Stories"
          subtitle="Next on the all-time list, after the featured stories"
          icon={<Flame className="size-6 text-orange-500" aria-hidden="true" />}
          stories={sections.mostPopular}
          loading={loading.popular}
          count={HOME.mostPopular}
          layout="list"
        />

        <StorySection
          id="trending"
          title="Trending This Week"
          subtitle="Gaining readers fastest this week"
          icon={<TrendingUp className="size-6 text-emerald-500" aria-hidden="true" />}
          stories={sections.trending}
          loading={loading.trending}
          count={HOME.trending}
          ranked
          viewAll={{ to: '/stories?sort=trending', label: 'View all' }}
        />

        <StorySection
          id="latest"
          title="Fresh Off the Press"
          subtitle="The newest stories on Storyloom"
          icon={<Zap className="size-6 text-sky-500" aria-hidden="true" />}
          stories={sections.latest}
          loading={loading.latest}
          count={HOME.latest}
          viewAll={{ to: '/stories?sort=latest', label: 'View all' }}
        />

        <div className="py-10">
          <ReadingChallengeCard signedIn={isAuthenticated} />
        </div>

        <section
          aria-labelledby="cta-title"
          data-testid="home-cta"
          className="mb-16 mt-6 rounded-3xl border bg-card px-6 py-12 text-center shadow-sm"
        >
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
