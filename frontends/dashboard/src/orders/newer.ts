import type { Order } from './api';

/** The newer of two views of one order (updates may arrive more than once, or late). A module of its own: pure, for the kitchen's store and its spec. */
export const newerOrder = (a: Order | undefined, b: Order): Order => (a && a.updatedAt > b.updatedAt ? a : b);
