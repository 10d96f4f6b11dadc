import { useCallback, useState } from 'react';
import { readJson, writeJson } from './dom';
import { suggestedQuestions } from './content';

export const USED_SUGGESTIONS_KEY = 'seatside.widget.usedSuggestions';

function readUsed(): string[] {
  const value = readJson<unknown>(USED_SUGGESTIONS_KEY);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** The suggested questions not used yet; each disappears once used, across reloads (seed 000 §4). */
export function useSuggestions(): { remaining: string[]; markUsed(question: string): void } {
  const [used, setUsed] = useState(readUsed);
  const markUsed = useCallback((question: string) => {
    setUsed((current) => {
      if (current.includes(question)) return current;
      const next = [...current, question];
      writeJson(USED_SUGGESTIONS_KEY, next);
      return next;
    });
  }, []);
  return { remaining: suggestedQuestions.filter((q) => !used.includes(q)), markUsed };
}
