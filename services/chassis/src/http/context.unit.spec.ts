import { loggableUrl } from './context';

describe('loggableUrl', () => {
  it.each([
    ['/v1/contact', '/v1/contact'],
    ['/auth/action?mode=resetPassword&oobCode=abc123', '/auth/action?mode=resetPassword&oobCode=%5Bredacted%5D'],
    ['/v1/auth/google/callback?code=c0de&state=s7a7e', '/v1/auth/google/callback?code=%5Bredacted%5D&state=%5Bredacted%5D'],
    ['/v1/faqs?scope=pricing&apiKey=sk_test_x', '/v1/faqs?scope=pricing&apiKey=%5Bredacted%5D'],
  ])('given %s, when logged, then it shows %s', (url, expected) => {
    expect(loggableUrl(url)).toBe(expected);
  });
});
