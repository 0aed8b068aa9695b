/**
 * User-facing strings that the API and the web app share. Every string the spec gives is
 * here word for word, so a test can assert it and both sides say the same thing.
 */
export const MESSAGES = {
  apiError: 'API Error',
  networkError: 'Network error. Please check your connection.',
  unknownError: 'Unknown error occurred',
  httpError: (status: number) => `HTTP ${status} Error`,
  internal: 'Something went wrong on our side. Please try again.',
  notFound: 'Not found',
  routeNotFound: 'No such API route',
  invalidInput: 'Some fields are invalid',
  invalidJson: 'The request body is not valid JSON',
  unsupportedMediaType: 'Unsupported content type',
  payloadTooLarge: 'The request body is too large',
  tooManyRequests: 'Too many requests. Please wait and try again.',
  unauthorized: 'Please sign in to continue',
  forbidden: 'You are not allowed to do that',
  serviceUnavailable: 'The service is temporarily unavailable. Please try again shortly.',
  storyNotFound: 'Story not found',
  storyPrivate: 'This story is private and cannot be accessed',
  userNotFound: 'User not found',
  pageNotFound: 'Oops! Page not found',
  returnHome: 'Return to Home',
  toBeImplemented: 'to be implemented',
} as const;
