/** Query keys of sign-in. */
export const authKeys = {
  providers: ['auth', 'providers'] as const,
};
