// What leaves an editor without a navigation to hold first (signing out: the session would be gone
// before the navigation asked) asks here: the editor with unsaved work on screen puts its question
// in (useLeaveGuard). No antd and no router here: the dashboard's frame imports it.

type Ask = () => Promise<boolean>;

let question: Ask | null = null;

/** The editor's question while it has unsaved work (`null` once it has none, or is gone). */
export function holdLeave(ask: Ask | null): void {
  question = ask;
}

/** Resolves true when the person may leave: nothing unsaved, or they chose Leave. */
export function mayLeave(): Promise<boolean> {
  return question ? question() : Promise.resolve(true);
}
