import { placeDetailsOf } from './address';

describe('what registration takes from a chosen place', () => {
  it('given a New York business, then its street, city, state and ZIP, and the New York time zone (not UTC)', () => {
    expect(placeDetailsOf('7 Carmine St, New York, NY 10014, USA')).toEqual({
      address: { line1: '7 Carmine St', line2: '', city: 'New York', state: 'NY', postal_code: '10014' },
      timeZone: 'America/New_York',
    });
  });
  it('given a suite line and a Los Angeles address, then the suite is line 2 and the zone Pacific', () => {
    expect(placeDetailsOf('6801 Hollywood Blvd, Suite 100, Los Angeles, CA 90028, United States')).toEqual({
      address: { line1: '6801 Hollywood Blvd', line2: 'Suite 100', city: 'Los Angeles', state: 'CA', postal_code: '90028' },
      timeZone: 'America/Los_Angeles',
    });
  });
  it('given an address that is not a US one, then nothing is guessed', () => {
    expect(placeDetailsOf('10 Downing St, London SW1A 2AA, UK')).toEqual({});
    expect(placeDetailsOf('')).toEqual({});
  });
});
