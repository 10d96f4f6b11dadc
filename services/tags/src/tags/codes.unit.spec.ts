import { CODE_LENGTH, isValidSerial, newTagCode } from './codes';

describe('tag codes', () => {
  it('given a new code, then it is ten URL-safe characters without i, l, o or u', () => {
    for (let n = 0; n < 200; n++) expect(newTagCode()).toMatch(new RegExp(`^[0-9a-hjkmnp-tv-z]{${CODE_LENGTH}}$`));
  });

  it('given NFC UIDs and printed serials, then they are valid serials', () => {
    for (const serial of ['04:a2:3b:c4:d5:e6:80', '04A23BC4D5E680', 'SEAT-2C_001', 'a.b~c']) expect([serial, isValidSerial(serial)]).toEqual([serial, true]);
  });

  it('given an empty, too long or not URL-safe serial, then it is refused', () => {
    for (const serial of ['', 'x'.repeat(129), 'seat 2c', 'a/b', 'a?b', 'é']) expect([serial, isValidSerial(serial)]).toEqual([serial, false]);
  });
});
