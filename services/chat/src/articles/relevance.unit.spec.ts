import { relevantArticles, termsOf } from './relevance';

describe('articles relevant to a question (the AI grounding)', () => {
  const stadium = { title: 'Tags at the stadium', body: 'Each seat has an NFC tag; fans order from their seat.' };
  const pricing = { title: 'Pricing', body: 'Seatside costs nothing to start; a small fee per order.' };
  const menus = { title: 'Menus and modifiers', body: 'Build menus with products, modifiers and services.' };

  it('given a question, then its meaningful words are matched: no stop words, no short words, accents folded', () => {
    expect(termsOf('How do the NFC tags work at the Stadium? Café!')).toEqual(['nfc', 'tag', 'work', 'stadium', 'cafe']);
  });

  it('given articles, then those matching the question come first (a title match outweighs the text), and the unrelated are left out', () => {
    expect(relevantArticles([pricing, menus, stadium], 'Do stadium seats need a tag?')).toEqual([stadium]);
    expect(relevantArticles([menus, stadium, pricing], 'What does an order cost per seat?')).toEqual([pricing, stadium]);
    expect(relevantArticles([stadium, pricing, menus], 'menus')).toEqual([menus]);
  });

  it('given a question with nothing to match, or a limit, then no more than that is chosen', () => {
    expect(relevantArticles([stadium, pricing], 'hi, is anyone there?')).toEqual([]);
    expect(relevantArticles([stadium, pricing, menus], 'seatside seat order menus', 2)).toHaveLength(2);
  });
});
