import { AUTH_MESSAGES, newPasswordField } from '@storyloom/shared';
import { CircleCheck, CircleX, LockKeyhole } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useResetPassword } from '../../api/auth/reset-password';
import { AuthCard, StatusIcon } from '../../components/auth-card';
import { buttonClasses } from '../../components/ui/button';
import { ApiError, errorMessage, firstFieldError } from '../../lib/api';
import { useAuthStore } from '../../stores/auth-store';
import { FormAlert } from './components/form-alert';
import { PASSWORD_HINT, PasswordStrengthMeter } from './components/password-strength-meter';
import { SubmitButton } from './components/submit-button';
import { PasswordField } from './components/text-field';
import { type Errors, issuesByField, serverFieldErrors } from './form-errors';
import { useAuthForm } from './use-auth-form';

const FIELDS = ['password', 'confirmPassword'] as const;
type Field = (typeof FIELDS)[number];

function validate(values: Record<Field, string>): Errors<Field> {
  const parsed = newPasswordField.safeParse(values.password);
  const errors: Errors<Field> = parsed.success
    ? {}
    : issuesByField(
        parsed.error.issues.map((issue) => ({ ...issue, path: ['password'] })),
        FIELDS,
      );
  if (!values.confirmPassword) errors.confirmPassword = AUTH_MESSAGES.confirmRequired;
  else if (values.confirmPassword !== values.password) {
    errors.confirmPassword = AUTH_MESSAGES.passwordsMismatch;
  }
  return errors;
}

function InvalidLink() {
  return (
    <AuthCard
      testId="reset-password-page"
      title="This link has expired"
      documentTitle="Reset Password"
      icon={
        <StatusIcon tone="destructive">
          <CircleX />
        </StatusIcon>
      }
      description={
        <p role="alert" data-testid="reset-invalid">
          {AUTH_MESSAGES.resetInvalid}
        </p>
      }
    >
      <Link
        to="/auth/forgot-password"
        className={buttonClasses({ size: 'lg', className: 'w-full' })}
      >
        Request a New Link
      </Link>
    </AuthCard>
  );
}

function ResetDone() {
  return (
    <AuthCard
      testId="reset-password-page"
      title="Password reset"
      documentTitle="Reset Password"
      icon={
        <StatusIcon tone="success">
          <CircleCheck />
        </StatusIcon>
      }
      description={
        <p role="status" data-testid="reset-done">
          {AUTH_MESSAGES.resetDone}
        </p>
      }
    >
      <Link to="/auth/login" className={buttonClasses({ size: 'lg', className: 'w-full' })}>
        Sign In
      </Link>
    </AuthCard>
  );
}

/** Sets a new password with the emailed token (`/auth/reset-password?token=`). */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const reset = useResetPassword();
  const [linkInvalid, setLinkInvalid] = useState(!token);
  const meterId = useId();
  const form = useAuthForm({ initial: { password: '', confirmPassword: '' } });

  const onSubmit = form.handleSubmit(async () => {
    const errors = validate(form.values);
    if (Object.keys(errors).length > 0 || !token) {
      form.setErrors(errors);
      return;
    }
    try {
      await reset.mutateAsync({ token, newPassword: form.values.password });
    } catch (error) {
      const details = error instanceof ApiError ? error.details : undefined;
      if (firstFieldError(details, 'token')) {
        setLinkInvalid(true);
        return;
      }
      const fieldErrors = serverFieldErrors(details, FIELDS, { new_password: 'password' });
      if (fieldErrors.password) form.setErrors(fieldErrors);
      else
        form.setFormError(errorMessage(error, 'Could not reset the password. Please try again.'));
      return;
    }
    // The server has signed out every session, this browser's included.
    if (useAuthStore.getState().isAuthenticated) useAuthStore.getState().logout();
  });

  if (linkInvalid) return <InvalidLink />;
  if (reset.isSuccess) return <ResetDone />;

  return (
    <AuthCard
      testId="reset-password-page"
      title="Choose a new password"
      documentTitle="Reset Password"
      icon={
        <StatusIcon tone="primary">
          <LockKeyhole />
        </StatusIcon>
      }
      description="Choose a password you don't use anywhere else. Every device signed in to your account will be signed out."
    >
      <form ref={form.formRef} onSubmit={onSubmit} noValidate className="space-y-5">
        {form.formError ? <FormAlert testId="form-error">{form.formError}</FormAlert> : null}
        <PasswordField
          {...form.field('password')}
          label="New password"
          autoComplete="new-password"
          placeholder="At least 8 characters"
          hint={PASSWORD_HINT}
          describedById={meterId}
          below={<PasswordStrengthMeter id={meterId} password={form.values.password} />}
        />
        <PasswordField
          {...form.field('confirmPassword')}
          label="Confirm new password"
          autoComplete="new-password"
          placeholder="Type it again"
        />
        <SubmitButton pending={form.submitting} pendingText="Resetting...">
          Reset Password
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
