import { OnlineStatusToggle } from './chats/OnlineStatusToggle';

/** The online-status toggle on the /admin home (seed 000 §2): the support issue's component. */
export function OnlineStatusSlot() {
  return <OnlineStatusToggle />;
}
