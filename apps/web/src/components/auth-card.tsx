import type { ReactNode } from 'react';
import { PageTitle } from './page-title';

type AuthCardProps = {
  title: string;
  /** The browser tab's title when it should differ from the heading. */
  documentTitle?: string;
  description?: ReactNode;
  /** A badge above the title (e.g. a status icon on the callback and verification pages). */
  icon?: ReactNode;
  children?: ReactNode;
  /** Under the card: links such as "Already have an account? Sign in". */
  footer?: ReactNode;
  testId?: string;
};

/** The frame of the account screens (sign-in, verification, unsubscribe): a centred card on the hero's soft gradient. */
export function AuthCard({
  title,
  documentTitle,
  description,
  icon,
  children,
  footer,
  testId,
}: AuthCardProps) {
  return (
    <section
      className="relative isolate flex flex-1 items-start justify-center overflow-hidden px-4 py-10 sm:items-center sm:py-16"
      aria-labelledby="auth-title"
      data-testid={testId}
    >
      <PageTitle title={documentTitle ?? title} />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(55%_45%_at_15%_5%,rgba(99,102,241,0.16),transparent),radial-gradient(40%_40%_at_90%_85%,rgba(236,72,153,0.12),transparent)]"
      />
      <div className="w-full max-w-md">
        <div className="rounded-2xl border bg-card p-6 text-card-foreground shadow-sm sm:p-8">
          {icon ? <div className="mb-5 flex justify-center">{icon}</div> : null}
          <h1
            id="auth-title"
            className="text-center font-serif text-2xl font-bold tracking-tight text-balance sm:text-3xl"
          >
            {title}
          </h1>
          {description ? (
            <div className="mt-2 text-center text-sm text-muted-foreground text-pretty">
              {description}
            </div>
          ) : null}
          {children ? <div className="mt-6">{children}</div> : null}
        </div>
        {footer ? (
          <div className="mt-6 text-center text-sm text-muted-foreground">{footer}</div>
        ) : null}
      </div>
    </section>
  );
}

/** A round, tinted icon badge for status screens. */
export function StatusIcon({
  tone,
  children,
}: {
  tone: 'primary' | 'success' | 'destructive';
  children: ReactNode;
}) {
  const tones = {
    primary: 'bg-primary/10 text-primary',
    success: 'bg-success/15 text-success',
    destructive: 'bg-destructive/10 text-destructive',
  };
  return (
    <span
      aria-hidden="true"
      className={`inline-flex size-14 items-center justify-center rounded-full [&_svg]:size-7 ${tones[tone]}`}
    >
      {children}
    </span>
  );
}
