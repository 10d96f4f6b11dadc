import { describe, expect, it } from '@jest/globals';
import { fontStylesheet, primaryAsText, textOn, themeVariables } from './theme';

describe('the merchant theme', () => {
  it('given a brand colour, then button text on it is white or near-black, whichever reads', () => {
    expect(['#1f5eff', '#000', '#ffcc00', '#ffffff', 'tomato'].map(textOn)).toEqual(['#ffffff', '#ffffff', '#111111', '#111111', '#ffffff']);
  });

  it('given a light brand colour, then links and focus rings use near-black instead', () => {
    expect(primaryAsText('#1f5eff')).toBe('#1f5eff');
    expect(primaryAsText('#ffcc00')).toBe('#111111');
  });

  it('given colours and fonts set, then they become CSS variables; unset, the defaults stay', () => {
    expect(themeVariables({ colors: { primary: '#ffcc00' }, fonts: { headlines: 'Montserrat', base: 'Lato' } })).toEqual({
      '--sf-primary': '#ffcc00', '--sf-on-primary': '#111111', '--sf-primary-text': '#111111',
      '--sf-font': '"Lato", system-ui, sans-serif', '--sf-font-head': '"Montserrat", system-ui, sans-serif',
    });
    expect(themeVariables({ colors: null, fonts: null })).toEqual({ '--sf-primary': '#1f5eff', '--sf-on-primary': '#ffffff', '--sf-primary-text': '#1f5eff' });
    expect(fontStylesheet({ headlines: 'Open Sans', base: 'Open Sans' })).toBe('https://fonts.googleapis.com/css2?family=Open+Sans&display=swap');
    expect(fontStylesheet(null)).toBeNull();
  });
});
