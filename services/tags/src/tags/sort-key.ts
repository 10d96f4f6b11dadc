/**
 * Seed 001 §2: the tag list is sorted by name in natural numeric order, case-insensitive ("Table 2"
 * before "Table 10", "seat 3" beside "Seat 3"). The read model sorts text by code point, so each tag
 * stores this key: lower case without accents, spaces collapsed, and every run of digits written as
 * its length (three digits) then the number without leading zeros, so a longer number sorts after a
 * shorter one and equal lengths compare digit by digit. Numbers of up to 999 digits sort exactly.
 */
export function naturalSortKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/\d+/g, numberKey);
}

function numberKey(digits: string): string {
  const significant = digits.replace(/^0+(?=\d)/, '');
  return `${String(significant.length).padStart(3, '0')}${significant}`;
}
