import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { verificationFailureMessage } from './verification-message';

describe('verification failure message', () => {
  it("shows the server's detail", () => {
    const error = new ApiError('Verification failed. The link may be invalid or expired.', {
      status: 400,
    });
    expect(verificationFailureMessage(error)).toBe(
      'Verification failed. The link may be invalid or expired.',
    );
    expect(verificationFailureMessage(new ApiError('Token used', { status: 400 }))).toBe(
      'Token used',
    );
  });

  it('falls back to the generic text when the server says nothing', () => {
    expect(verificationFailureMessage(new ApiError('', { status: 400 }))).toBe(
      'Verification failed. The link may be invalid or expired.',
    );
  });

  it('says something went wrong when no answer arrived', () => {
    const network = new ApiError('Network error. Please check your connection.', {
      code: 'network_error',
    });
    expect(verificationFailureMessage(network)).toBe('Something went wrong. Please try again.');
    expect(verificationFailureMessage(new TypeError('x'))).toBe(
      'Something went wrong. Please try again.',
    );
  });
});
