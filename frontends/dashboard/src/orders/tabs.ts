/** A tab as the orders API lists it (docs/orders-api.md, Tabs). */
export interface Tab {
  id: string;
  name: string;
  /** `awaiting_cash`: the diner asked to pay in cash; staff take it and close the tab (which pays its rounds). */
  status: 'open' | 'awaiting_cash' | 'closed';
  rounds: { orderId: string; orderCode: string; amountDue: number }[];
  total: number;
  openedAt: string;
  cashRequestedAt?: string;
}

/** A changed tab in the list: one not closed (open, or awaiting cash) replaces (or joins, newest first) its row; a closed one leaves. */
export const withTab = (tabs: readonly Tab[], tab: Tab): Tab[] => {
  const others = tabs.filter((t) => t.id !== tab.id);
  if (tab.status === 'closed') return others;
  return tabs.some((t) => t.id === tab.id) ? tabs.map((t) => (t.id === tab.id ? tab : t)) : [tab, ...others];
};

/** Whether staff are to take the tab's total in cash now (the diner asked to pay them). */
export const awaitsCash = (tab: Pick<Tab, 'status'>) => tab.status === 'awaiting_cash';
