/**
 * The slot for the online-status toggle (seed 000 §2 /admin home). The support issue builds the
 * toggle itself (`./chats/OnlineStatusToggle`, with the online-staff records); until it is on main
 * this slot says so. Swap the body for `<OnlineStatusToggle />` when it lands.
 */
export function OnlineStatusSlot() {
  return (
    <p className="adm-muted" data-testid="online-status-slot">
      Online status: set it from the chats when the support inbox is available.
    </p>
  );
}
