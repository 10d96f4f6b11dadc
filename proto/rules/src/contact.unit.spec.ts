import { isHttpUrl, isPhoneNumber } from './contact';

describe('a web address a page may link to', () => {
  it('given http or https with a host, then it is one', () => {
    for (const url of ['https://nachos.example', 'http://localhost:8080/menu?x=1', 'HTTPS://Nachos.Example/menu.pdf']) expect([url, isHttpUrl(url)]).toEqual([url, true]);
  });

  it('given another scheme, no scheme, no host or words, then it is not', () => {
    for (const url of ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,hi', 'ftp://nachos.example', 'nachos.example', 'https://', 'not a site', '', ' https://nachos.example']) {
      expect([url, isHttpUrl(url)]).toEqual([url, false]);
    }
  });
});

describe('a phone number', () => {
  it('given digits with spaces and + - ( ) ., 7 to 20 digits, then it is one', () => {
    for (const phone of ['+1 555 0114', '(206) 555-0100', '206.555.0100', '5550100', '+44 20 7946 0958', '1'.repeat(20)]) expect([phone, isPhoneNumber(phone)]).toEqual([phone, true]);
  });

  it('given letters, other signs, fewer than 7 or more than 20 digits, then it is not', () => {
    for (const phone of ['abc', '555-CALL-NOW', '555 0100 ext 2', '+1#5550100', '123456', '1'.repeat(21), '+ - ( )']) expect([phone, isPhoneNumber(phone)]).toEqual([phone, false]);
  });
});
