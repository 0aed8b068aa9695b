import { AUTH_MESSAGES, loginForm } from '@storyloom/shared';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../components/auth-card';
import { useAuthStore } from '../../stores/auth-store';
import { LegalNote, TextLink } from './components/auth-links';
import { FormAlert } from './components/form-alert';
import { GoogleButton } from './components/google-button';
import { OrDivider, SubmitButton } from './components/submit-button';
import { PasswordField, TextField } from './components/text-field';
import { issuesByField } from './form-errors';
import { isGoogleOnlyFailure, loginNotice } from './login-notice';
import { useAuthForm } from './use-auth-form';

const FIELDS = ['email', 'password'] as const;

export function LoginPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const login = useAuthStore((state) => state.login);
  const clearError = useAuthStore((state) => state.clearError);
  // The ?error= notice is the form's global error until the user edits a field.
  const [notice, setNotice] = useState(() =>
    loginNotice(searchParams.get('error'), searchParams.get('until')),
  );
  const form = useAuthForm({
    initial: { email: '', password: '' },
    onEdit: () => {
      setNotice(null);
      clearError();
    },
  });

  // An error left over from another screen is not this form's.
  useEffect(() => clearError(), [clearError]);

  const onSubmit = form.handleSubmit(async () => {
    setNotice(null);
    const parsed = loginForm.safeParse(form.values);
    if (!parsed.success) {
      form.setErrors(issuesByField(parsed.error.issues, FIELDS));
      return;
    }
    try {
      await login(parsed.data.email, parsed.data.password);
    } catch {
      const message = useAuthStore.getState().error ?? AUTH_MESSAGES.loginFailed;
      if (isGoogleOnlyFailure(message)) {
        form.setErrors({ email: AUTH_MESSAGES.googleOnlyHint });
      } else {
        form.setFormError(message);
        form.focus('password');
      }
      return;
    }
    await navigate('/feed', { replace: true });
  });

  const globalError = form.formError ?? notice;

  return (
    <AuthCard
      testId="login-page"
      title="Welcome back"
      documentTitle="Sign In"
      description="Sign in to pick up your stories where you left off."
      footer={
        <>
          Don't have an account? <TextLink to="/auth/signup">Sign up</TextLink>
        </>
      }
    >
      <form ref={form.formRef} onSubmit={onSubmit} noValidate className="space-y-5">
        {globalError ? <FormAlert testId="form-error">{globalError}</FormAlert> : null}
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
          autoComplete="current-password"
          placeholder="Your password"
        />
        <SubmitButton pending={form.submitting} pendingText="Signing in...">
          Sign In
        </SubmitButton>
        {/* After the button: email, Tab, password, Enter must sign in, never open this link. */}
        <p className="text-center text-sm">
          <TextLink to="/auth/forgot-password">Forgot password?</TextLink>
        </p>
      </form>
      <OrDivider />
      <GoogleButton label="Continue with Google" />
      <LegalNote />
    </AuthCard>
  );
}
