/** The set behind `onAppended`: a listener that throws must not stop the others or the append. */
export function listenerSet() {
  const listeners = new Set<() => void>();
  return {
    get size() {
      return listeners.size;
    },
    add(listener: () => void): () => void {
      // A wrapper per registration, so the same function registered twice is two registrations.
      const entry = () => listener();
      listeners.add(entry);
      return () => void listeners.delete(entry);
    },
    notify(): void {
      for (const listener of [...listeners]) {
        try {
          listener();
        } catch {
          // A wake-up hint only: the listener's owner polls anyway, so its failure is its own.
        }
      }
    },
    clear(): void {
      listeners.clear();
    },
  };
}
