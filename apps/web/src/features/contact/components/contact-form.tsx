import {
  CONTACT_TOPIC_LABELS,
  CONTACT_TOPICS,
  type ContactBody,
  groupDigits,
  LIMITS,
} from '@storyloom/shared';
import { clsx } from 'clsx';
import { CircleAlert, Loader2, Send } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField, INVALID_CONTROL } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { ApiError, errorMessage } from '../../../lib/api';
import {
  type ContactErrors,
  type ContactField,
  type ContactValues,
  checkContact,
  firstInvalid,
  serverErrors,
} from '../model/contact-form';

type ContactFormProps = {
  initial: ContactValues;
  /** Signed in: the message is linked to this account, and the form says so. */
  username: string | null;
  send: (body: ContactBody) => Promise<unknown>;
  onSent: (body: ContactBody) => void;
};

/** How much of the message limit is used: stronger near the end, red past it. */
function MessageCount({ length }: { length: number }) {
  const max = LIMITS.contactMessageMax;
  return (
    <span
      className={clsx(
        length > max
          ? 'font-medium text-destructive'
          : length > max - 200 && 'font-medium text-foreground',
      )}
    >
      {groupDigits(length)} / {groupDigits(max)} characters
    </span>
  );
}

/**
 * Name (optional), email, topic and message, checked with the API's schema before it is sent;
 * the server's own answer (a field, a rate limit, no connection) shows in the same places.
 */
export function ContactForm({ initial, username, send, onSent }: ContactFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const focus = (field: ContactField) => {
    const element = formRef.current?.elements.namedItem(field);
    if (element instanceof HTMLElement) element.focus();
  };
  const show = (next: ContactErrors) => {
    setErrors(next);
    const first = firstInvalid(next);
    if (first) focus(first);
  };

  const onChange = (
    event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>,
  ) => {
    const field = event.target.name as ContactField;
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
    setFormError(null);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const checked = checkContact(values);
    if (checked.errors) {
      show(checked.errors);
      return;
    }
    setSending(true);
    try {
      await send(checked.body);
      onSent(checked.body);
    } catch (error) {
      const fields = error instanceof ApiError ? serverErrors(error.details) : {};
      if (firstInvalid(fields)) show(fields);
      else setFormError(errorMessage(error, 'Your message could not be sent. Please try again.'));
    } finally {
      setSending(false);
    }
  };

  const control = (field: ContactField) => ({
    name: field,
    value: values[field],
    onChange,
  });

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      className="space-y-5"
      aria-label="Contact form"
      data-testid="contact-form"
    >
      {formError ? (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-destructive/30 bg-destructive/5 px-3 py-2.5 text-sm text-destructive"
          data-testid="contact-error"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{formError}</span>
        </p>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Your name" labelNote="(optional)" error={errors.name}>
          {(props) => (
            <Input
              {...props}
              {...control('name')}
              autoComplete="name"
              className={INVALID_CONTROL}
            />
          )}
        </FormField>
        <FormField label="Email" error={errors.email} hint="We answer here.">
          {(props) => (
            <Input
              {...props}
              {...control('email')}
              type="email"
              inputMode="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="you@example.com"
              className={INVALID_CONTROL}
            />
          )}
        </FormField>
      </div>
      <FormField label="What is it about?" error={errors.topic}>
        {(props) => (
          <Select {...props} {...control('topic')}>
            <option value="" disabled>
              Choose a topic
            </option>
            {CONTACT_TOPICS.map((topic) => (
              <option key={topic} value={topic}>
                {CONTACT_TOPIC_LABELS[topic]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField
        label="Message"
        error={errors.message}
        hint={<MessageCount length={values.message.trim().length} />}
      >
        {(props) => (
          <Textarea
            {...props}
            {...control('message')}
            rows={8}
            className={clsx('min-h-40 resize-y', INVALID_CONTROL)}
            placeholder="Tell us what happened, with links to any story or profile it concerns."
          />
        )}
      </FormField>
      {username ? (
        <p className="text-sm text-muted-foreground" data-testid="contact-account">
          You are signed in as <strong className="text-foreground">@{username}</strong>: your
          message will be linked to your account.
        </p>
      ) : null}
      <Button
        type="submit"
        size="lg"
        disabled={sending}
        aria-busy={sending}
        className="w-full sm:w-auto"
      >
        {sending ? (
          <Loader2 className="animate-spin" aria-hidden="true" />
        ) : (
          <Send aria-hidden="true" />
        )}
        {sending ? 'Sending...' : 'Send message'}
      </Button>
    </form>
  );
}
