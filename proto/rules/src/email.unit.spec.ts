import { EMAIL_PATTERN } from './email';

describe('an ordinary e-mail address', () => {
  it('given an address with a dotted domain, then it is one', () => {
    for (const email of ['ada@example.com', 'a.b+c@mail.example.co.uk', 'x@y.io']) expect([email, EMAIL_PATTERN.test(email)]).toEqual([email, true]);
  });

  it('given no dot in the domain, an empty label, a space or no @, then it is not', () => {
    for (const email of ['a@b', 'foo@bar..com', 'a@.b.com', 'a@b.com.', 'a b@c.com', 'ab.com', '@b.com']) expect([email, EMAIL_PATTERN.test(email)]).toEqual([email, false]);
  });
});
