import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { type Errors, firstErrorField } from './form-errors';

type Options<F extends string> = {
  initial: Record<F, string>;
  /** Also cleared whenever a field is edited: the form's global error. */
  onEdit?: () => void;
};

/**
 * Form state for the auth screens: values, the first error per field, one global error, and
 * focus on the first invalid field. Editing a field clears its error and the global error.
 */
export function useAuthForm<F extends string>({ initial, onEdit }: Options<F>) {
  const fields = Object.keys(initial) as F[];
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(initial);
  const [errors, setErrorsState] = useState<Errors<F>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  function focus(field: F) {
    const element = formRef.current?.elements.namedItem(field);
    if (element instanceof HTMLInputElement) element.focus();
  }

  /** Shows these field errors (replacing the old ones) and focuses the first of them. */
  function setErrors(next: Errors<F>) {
    setErrorsState(next);
    const first = firstErrorField(next, fields);
    if (first) focus(first);
  }

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const name = event.target.name as F;
    const value = event.target.value;
    setValues((current) => ({ ...current, [name]: value }));
    setErrorsState((current) => {
      if (!current[name]) return current;
      const { [name]: _cleared, ...rest } = current;
      return rest as Errors<F>;
    });
    setFormError(null);
    onEdit?.();
  }

  /** Props for a field's input: name, value, change handler and its error. */
  function field(name: F) {
    return { name, value: values[name], onChange, error: errors[name] };
  }

  /**
   * Runs `submit` unless a submission is under way; `submitting` is true meanwhile. Errors the
   * callback does not handle itself are its own business (they reject the returned promise).
   */
  function handleSubmit(submit: () => Promise<void> | void) {
    return async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (submitting) return;
      setSubmitting(true);
      try {
        await submit();
      } finally {
        // The page may have navigated away; React ignores updates to an unmounted component.
        setSubmitting(false);
      }
    };
  }

  return {
    formRef,
    values,
    errors,
    setErrors,
    formError,
    setFormError,
    submitting,
    field,
    focus,
    handleSubmit,
  };
}
