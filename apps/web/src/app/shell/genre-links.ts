import { BROWSE_GENRES, MOBILE_MENU_GENRE_COUNT } from '@storyloom/shared';

export const genreHref = (genre: string) => `/stories?genre=${encodeURIComponent(genre)}`;

/** The mobile menu shows the first six of the Browse menu's genres. */
export const mobileGenres = BROWSE_GENRES.slice(0, MOBILE_MENU_GENRE_COUNT);
