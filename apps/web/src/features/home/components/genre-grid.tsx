import { Feather, Heart, Library, Rocket, Search, Wand2 } from 'lucide-react';
import { AppLink } from '../../../components/ui/app-link';

/** Six genres, each with a fixed story count. */
const HOME_GENRES = [
  { name: 'Romance', count: '45.2K', tone: 'from-pink-500 to-rose-600', Icon: Heart },
  { name: 'Mystery', count: '28.7K', tone: 'from-slate-600 to-slate-800', Icon: Search },
  { name: 'Fantasy', count: '38.1K', tone: 'from-violet-500 to-indigo-700', Icon: Wand2 },
  { name: 'Sci-Fi', count: '22.4K', tone: 'from-cyan-500 to-blue-700', Icon: Rocket },
  { name: 'Poetry', count: '15.9K', tone: 'from-amber-500 to-orange-600', Icon: Feather },
  { name: 'Non-Fiction', count: '12.3K', tone: 'from-emerald-500 to-teal-700', Icon: Library },
] as const;

export function GenreGrid() {
  return (
    <section aria-labelledby="genres-title" data-testid="home-genres" className="py-10">
      <h2 id="genres-title" className="mb-6 font-serif text-2xl font-bold sm:text-3xl">
        Explore Genres
      </h2>
      <ul className="genre-tiles">
        {HOME_GENRES.map((genre) => (
          <li key={genre.name}>
            <AppLink
              to={`/stories?genre=${encodeURIComponent(genre.name)}`}
              className={`genre-tile ${genre.tone}`}
            >
              <genre.Icon aria-hidden="true" />
              <span>
                <b>{genre.name}</b>
                <span>{`${genre.count} stories`}</span>
              </span>
            </AppLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
