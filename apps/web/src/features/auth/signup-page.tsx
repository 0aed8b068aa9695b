import { AUTH_MESSAGES, signupForm } from '@storyloom/shared';
import { useEffect, useId } from 'react';
import { useNavigate } from 'react-router';
import { AuthCard } from '../../components/auth-card';
import { ApiError } from '../../lib/api';
import { useAuthStore } from '../../stores/auth-store';
import { toast } from '../../stores/toast';
import { LegalNote, TextLink } from './components/auth-links';
import { FormAlert } from './components/form-alert';
import { GoogleButton } from './components/google-button';
import { PASSWORD_HINT, PasswordStrengthMeter } from './components/password-strength-meter';
import { OrDivider, SubmitButton } from './components/submit-button';
import { PasswordField, TextField } from './components/text-field';
import { firstErrorField, issuesByField, serverFieldErrors } from './form-errors';
import { useAuthForm } from './use-auth-form';

const FIELDS = ['username', 'email', 'password', 'confirmPassword'] as const;

export function SignupPage() {
  const navigate = useNavigate();
  const signup = useAuthStore((state) => state.signup);
  const clearError = useAuthStore((state) => state.clearError);
  const meterId = useId();
  const form = useAuthForm({
    initial: { username: '', email: '', password: '', confirmPassword: '' },
    onEdit: clearError,
  });

  useEffect(() => clearError(), [clearError]);

  const onSubmit = form.handleSubmit(async () => {
    const parsed = signupForm.safeParse(form.values);
    if (!parsed.success) {
      form.setErrors(issuesByField(parsed.error.issues, FIELDS));
      return;
    }
    const { username, email, password } = parsed.data;
    try {
      // Creates the account, then signs in with the same email and password.
      await signup({ username, email, password });
    } catch (error) {
      const fieldErrors = serverFieldErrors(
        error instanceof ApiError ? error.details : undefined,
        FIELDS,
      );
      if (firstErrorField(fieldErrors, FIELDS)) {
        form.setErrors(fieldErrors);
      } else {
        form.setFormError(useAuthStore.getState().error ?? AUTH_MESSAGES.signupFailed);
        form.focus('username');
      }
      return;
    }
    toast.success('Welcome to Storyloom!', `We sent a link to ${email} to verify your address.`);
    await navigate('/feed', { replace: true });
  });

  return (
    <AuthCard
      testId="signup-page"
      title="Create your account"
      documentTitle="Sign Up"
      description="Join a community of readers and writers. It's free."
      footer={
        <>
          Already have an account? <TextLink to="/auth/login">Sign in</TextLink>
        </>
      }
    >
      <form ref={form.formRef} onSubmit={onSubmit} noValidate className="space-y-5">
        {form.formError ? <FormAlert testId="form-error">{form.formError}</FormAlert> : null}
        <TextField
          {...form.field('username')}
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="your-pen-name"
          hint="Letters, numbers, hyphens and underscores."
        />
        <TextField
          {...form.field('email')}
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="you@example.com"
        />
        <PasswordField
          {...form.field('password')}
          label="Password"
          autoComplete="new-password"
          placeholder="At least 8 characters"
          hint={PASSWORD_HINT}
          describedById={meterId}
          below={<PasswordStrengthMeter id={meterId} password={form.values.password} />}
        />
        <PasswordField
          {...form.field('confirmPassword')}
          label="Confirm password"
          autoComplete="new-password"
          placeholder="Type it again"
        />
        <SubmitButton pending={form.submitting} pendingText="Creating account...">
          Create Account
        </SubmitButton>
      </form>
      <OrDivider />
      <GoogleButton label="Sign up with Google" />
      <LegalNote />
    </AuthCard>
  );
}
