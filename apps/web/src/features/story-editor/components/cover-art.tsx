import { clsx } from 'clsx';

/** The cover, or a locally drawn placeholder with the title when there is none. */
export function CoverArt({
  src,
  title,
  className,
}: {
  src: string | null;
  title: string;
  className?: string;
}) {
  return (
    <div
      className={clsx(
        'relative aspect-[2/3] overflow-hidden rounded-xl bg-gradient-to-br from-indigo-500 via-violet-500 to-pink-500 shadow-md',
        className,
      )}
    >
      {src ? (
        <img
          src={src}
          alt={`Cover of ${title || 'the story'}`}
          className="size-full object-cover"
        />
      ) : (
        <div className="flex size-full items-end p-3">
          <span className="line-clamp-4 font-serif text-lg font-semibold leading-snug text-white drop-shadow">
            {title || 'Untitled story'}
          </span>
        </div>
      )}
    </div>
  );
}
