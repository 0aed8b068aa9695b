import { BROWSE_GENRES } from '@storyloom/shared';
import { Link } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { genreHref } from './genre-links';
import { BrowseTrigger } from './overlay-triggers';

export function BrowseMenu({ defaultOpen = false }: { defaultOpen?: boolean }) {
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <BrowseTrigger />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-80" data-testid="browse-menu-content">
        <DropdownMenuLabel>Genres</DropdownMenuLabel>
        <div className="grid grid-cols-2 gap-0.5">
          {BROWSE_GENRES.map((genre) => (
            <DropdownMenuItem key={genre} asChild>
              <Link to={genreHref(genre)}>{genre}</Link>
            </DropdownMenuItem>
          ))}
        </div>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
