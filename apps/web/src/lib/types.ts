/**
 * Entity shapes the web app reads (spec §3). Replace with the zod-inferred types once
 * `@storyloom/shared` exports its user schema.
 */
export type User = {
  id: string;
  username: string;
  email: string;
  bio: string | null;
  profile_pic: string | null;
  followers_count: number;
  following_count: number;
  stories_count: number;
  created_at: string;
  updated_at: string;
};

/** `POST /auth/token` answers OAuth2-style, outside the envelope. */
export type TokenResponse = { access_token: string; token_type: string };
