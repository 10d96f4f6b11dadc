/**
 * Shares one read among the requests that wait for it, without ever answering a request with a
 * read that began before the request arrived: a request joins the *next* read of its key (queued
 * behind the one in flight), or starts one when none is in flight. Under load a key costs one
 * read per round trip however many requests ask; each answer is still as fresh as a read of its own.
 */
export function coalescedReads<T>(read: (key: string) => Promise<T>): (key: string) => Promise<T> {
  const running = new Map<string, Promise<T>>();
  const queued = new Map<string, Promise<T>>();

  const start = (key: string): Promise<T> => {
    queued.delete(key);
    const reading = read(key);
    running.set(key, reading);
    const done = () => {
      if (running.get(key) === reading) running.delete(key);
    };
    reading.then(done, done);
    return reading;
  };

  return (key) => {
    const next = queued.get(key);
    if (next) return next;
    const current = running.get(key);
    if (!current) return start(key);
    const after = current.then(
      () => start(key),
      () => start(key),
    );
    queued.set(key, after);
    return after;
  };
}
