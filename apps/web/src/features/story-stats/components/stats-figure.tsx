import type { ReactNode } from 'react';

/**
 * One chart with what a screen reader gets instead: a heading, a sentence saying what the chart
 * shows, and the figures as a visually hidden table.
 */
export function StatsFigure({
  id,
  title,
  summary,
  legend,
  columns,
  rows,
  children,
}: {
  id: string;
  title: string;
  summary: string;
  legend?: ReactNode;
  columns: string[];
  rows: (string | number)[][];
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border bg-card p-4 text-card-foreground sm:p-6"
      data-testid={`stats-${id}`}
    >
      <figure aria-labelledby={`${id}-title`} aria-describedby={`${id}-summary`} className="m-0">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id={`${id}-title`} className="font-semibold">
            {title}
          </h2>
          {legend}
        </div>
        <p id={`${id}-summary`} className="mt-1 text-sm text-muted-foreground">
          {summary}
        </p>
        <div className="mt-4">{children}</div>
        <table className="sr-only">
          <caption>{title}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={String(row[0])}>
                {row.map((cell, index) =>
                  index === 0 ? (
                    <th key={columns[index]} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={columns[index]}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </figure>
    </section>
  );
}

/** A coloured key for a chart with more than one line. */
export function Legend({ items }: { items: { label: string; swatch: string }[] }) {
  return (
    <ul className="flex gap-4 text-xs text-muted-foreground" aria-hidden="true">
      {items.map((item) => (
        <li key={item.label} className="inline-flex items-center gap-1.5">
          <span className={`inline-block h-0.5 w-4 rounded ${item.swatch}`} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
