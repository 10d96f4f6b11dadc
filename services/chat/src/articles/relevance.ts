/** An article as the AI reads it: its title and its text (description and markdown). */
export interface GroundingArticle {
  title: string;
  body: string;
}

/** Words too common to say what a question is about (English; the spec's texts are English). */
const STOP_WORDS = new Set(
  'the and for are but not you your yours with this that these those from have has had was were will would can could should what when where which who whom why how does did doing done into onto about over under than then them they their there here our ours out all any some just also very too only own same such more most much many each other its it’s it\'s his her hers him she he we us me my mine i a an of on in at to by or as is be been being do if so no yes hi hello please thanks thank'.split(' '),
);

/** A plural's singular, roughly: 'tags' and 'tag' match, 'stadiums' and 'stadium'. */
const singular = (word: string) => (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word);

/** The words of a text worth matching: lower case, accents folded, three letters or more, no stop words, singular. */
export function termsOf(text: string): string[] {
  const words = text.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '').match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter((w) => w.length >= 3 && !STOP_WORDS.has(w)).map(singular))];
}

/**
 * The articles that speak to a question, best first, by simple text match: each of the question's
 * terms found in an article's title counts three, found in its text one (whole words, plurals as
 * their singular). Articles matching nothing are left out; at most `limit` of them.
 */
export function relevantArticles<A extends GroundingArticle>(articles: readonly A[], question: string, limit = 5): A[] {
  const terms = termsOf(question);
  if (terms.length === 0) return [];
  return articles
    .map((article, index) => {
      const title = new Set(termsOf(article.title));
      const body = new Set(termsOf(article.body));
      const score = terms.reduce((sum, term) => sum + (title.has(term) ? 3 : 0) + (body.has(term) ? 1 : 0), 0);
      return { article, index, score };
    })
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map((r) => r.article);
}
