import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '@seatside/ui';
import { newerOrder, ordersPath, type Order } from '../orders/api';
import { useLiveOrders } from '../orders/useLiveOrders';

export type Stage = 'kitchen' | 'runner';

/**
 * The merchant's orders at one stage of the stand (`GET …/orders?stage=`, oldest first), kept live
 * over the merchant's room: an order that enters the stage is added (`onArrival` hears it), one that
 * leaves it is dropped; a reconnection reloads. `replace` applies an action's answer at once.
 */
export function useStageOrders(merchantId: string, stage: Stage, testMode: boolean, onArrival?: (order: Order) => void) {
  const [orders, setOrders] = useState<ReadonlyMap<string, Order>>(new Map());
  const [loaded, setLoaded] = useState(false);
  const arrival = useRef(onArrival);
  arrival.current = onArrival;

  const reload = useCallback(() => {
    const controller = new AbortController();
    api
      .get<{ data: Order[] }>(ordersPath(merchantId), { query: { stage, testMode, limit: 500 }, signal: controller.signal })
      .then((page) => {
        setOrders(new Map(page.data.map((order) => [order.id, order])));
        setLoaded(true);
      })
      .catch(() => undefined);
    return controller;
  }, [merchantId, stage, testMode]);

  useEffect(() => {
    const controller = reload();
    return () => controller.abort();
  }, [reload]);

  // Mirrors the state, so an update is decided (and an arrival announced) outside React's updater.
  const current = useRef(orders);
  current.current = orders;
  const replace = useCallback(
    (order: Order) => {
      if (order.testMode !== testMode) return;
      const known = current.current.get(order.id);
      if (known && newerOrder(known, order) !== order) return;
      const copy = new Map(current.current);
      if (order.stage === stage) copy.set(order.id, order);
      else copy.delete(order.id);
      current.current = copy;
      setOrders(copy);
      if (!known && order.stage === stage) arrival.current?.(order);
    },
    [stage, testMode],
  );

  const status = useLiveOrders(merchantId, testMode, replace, () => void reload());
  const list = [...orders.values()].sort((a, b) => (a.receivedAt < b.receivedAt ? -1 : a.receivedAt > b.receivedAt ? 1 : 0));
  return { orders: list, loaded, status, replace };
}

/** A second that ticks for every ticket at once (one timer, not one per ticket). */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** A short two-tone chime through Web Audio (no file to download); silent until the page was tapped once (browsers' autoplay rule). */
export function chime(): void {
  const AudioContextClass = (window as unknown as { AudioContext?: typeof AudioContext }).AudioContext;
  if (!AudioContextClass) return;
  const holder = window as unknown as { __seatsideChime?: AudioContext };
  const context = (holder.__seatsideChime ??= new AudioContextClass());
  if (context.state === 'suspended') void context.resume();
  for (const [i, frequency] of [880, 1320].entries()) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, context.currentTime + i * 0.18);
    gain.gain.exponentialRampToValueAtTime(0.3, context.currentTime + i * 0.18 + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, context.currentTime + i * 0.18 + 0.16);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(context.currentTime + i * 0.18);
    oscillator.stop(context.currentTime + i * 0.18 + 0.17);
  }
}
