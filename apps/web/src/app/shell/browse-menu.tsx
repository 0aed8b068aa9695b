import { BROWSE_GENRES } from '@storyloom/shared';
import { ChevronDown } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { genreHref } from './genre-links';

export function BrowseMenu() {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" data-testid="browse-menu" className="group">
          Browse
          <ChevronDown
            aria-hidden="true"
            className="transition-transform group-data-[state=open]:rotate-180"
          />
        </Button>
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
