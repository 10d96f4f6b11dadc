import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { api } from '@seatside/ui';
import { ordersPath, type Order } from '../orders/api';
import { useLiveOrders } from '../orders/useLiveOrders';
import { StageStore, type Stage } from './stage-store';

export { StageStore, type Stage } from './stage-store';

/**
 * The merchant's orders at one stage of the stand (`GET …/orders?stage=`, oldest first), kept live
 * over the merchant's room in a StageStore: an order that enters the stage is added (`onArrival`
 * hears it), one that leaves it is dropped; a reconnection reloads. `replace` applies an action's
 * answer at once. The caller subscribes to what it shows (useStageIds, useStageOrder, useStageList).
 */
export function useStageStore(merchantId: string, stage: Stage, testMode: boolean, onArrival?: (order: Order) => void) {
  const [store] = useState(() => new StageStore(stage));
  const [loaded, setLoaded] = useState(false);
  const arrival = useRef(onArrival);
  arrival.current = onArrival;

  const reload = useCallback(() => {
    const controller = new AbortController();
    api
      .get<{ data: Order[] }>(ordersPath(merchantId), { query: { stage, testMode, limit: 500 }, signal: controller.signal })
      .then((page) => {
        store.reset(page.data);
        setLoaded(true);
      })
      .catch(() => undefined);
    return controller;
  }, [merchantId, stage, testMode, store]);

  useEffect(() => {
    const controller = reload();
    return () => controller.abort();
  }, [reload]);

  const replace = useCallback(
    (order: Order) => {
      if (order.testMode !== testMode) return;
      if (store.apply(order)) arrival.current?.(order);
    },
    [store, testMode],
  );

  const status = useLiveOrders(merchantId, testMode, replace, () => void reload());
  return { store, loaded, status, replace };
}

/** The stage's order ids, oldest first: changes only when an order arrives or leaves. */
export const useStageIds = (store: StageStore) => useSyncExternalStore(store.subscribe, store.ids);

/** One order of the stage (undefined once it left): changes only with that order. */
export function useStageOrder(store: StageStore, id: string): Order | undefined {
  const subscribe = useCallback((listener: () => void) => store.subscribeTo(id, listener), [store, id]);
  return useSyncExternalStore(subscribe, () => store.get(id));
}

/** Every order of the stage, oldest first (the runner view, which groups them). */
export function useStageOrders(merchantId: string, stage: Stage, testMode: boolean, onArrival?: (order: Order) => void) {
  const { store, loaded, status, replace } = useStageStore(merchantId, stage, testMode, onArrival);
  const orders = useSyncExternalStore(store.subscribe, store.all);
  return { orders: orders as Order[], loaded, status, replace };
}

/** How often the shared clock ticks: ages show whole minutes, so a few seconds late is fine. */
export const CLOCK_MS = 5_000;

/**
 * One clock for every ticket (one timer, not one per ticket). A ticket reads what it shows from it
 * (its whole minutes, whether it is late) with useClock, so a tick re-renders only the tickets whose
 * minute or colour changed, never the board.
 */
const clock = (() => {
  let now = Date.now();
  let timer: ReturnType<typeof setInterval> | undefined;
  const listeners = new Set<() => void>();
  return {
    now: () => now,
    subscribe(listener: () => void) {
      listeners.add(listener);
      if (!timer) {
        now = Date.now();
        timer = setInterval(() => {
          now = Date.now();
          for (const each of [...listeners]) each();
        }, CLOCK_MS);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && timer) {
          clearInterval(timer);
          timer = undefined;
        }
      };
    },
  };
})();

/** A value computed from the shared clock's time; the component re-renders only when it changes (keep it a primitive). */
export const useClock = <T extends string | number | boolean>(of: (now: number) => T): T => useSyncExternalStore(clock.subscribe, () => of(clock.now()));

/** The page's one audio context (none without Web Audio); made suspended outside a tap, and resumed by the first one. */
function chimeAudio(): AudioContext | undefined {
  const AudioContextClass = (window as unknown as { AudioContext?: typeof AudioContext }).AudioContext;
  if (!AudioContextClass) return undefined;
  const holder = window as unknown as { __seatsideChime?: AudioContext };
  return (holder.__seatsideChime ??= new AudioContextClass());
}

/**
 * Makes the audio context when the display opens: making one is slow (tens of milliseconds), and
 * the first tap, which unlocks the sound, is also the first bump.
 */
export function prepareChime(): void {
  chimeAudio();
}

export type ChimeState = 'on' | 'off' | 'none';

const subscribeChime = (listener: () => void) => {
  const context = chimeAudio();
  if (!context) return () => undefined;
  context.addEventListener('statechange', listener);
  return () => context.removeEventListener('statechange', listener);
};

/**
 * Whether a new order will be heard: 'on' once the audio runs (a tap unlocked it, or the browser lets
 * the page play), 'off' until then, 'none' without Web Audio. Follows the audio context's state.
 */
export const useChimeState = (): ChimeState =>
  useSyncExternalStore(subscribeChime, () => {
    const context = chimeAudio();
    return !context ? 'none' : context.state === 'running' ? 'on' : 'off';
  });

/** Lets the chime sound from now on, without playing it (a keyboard press on the sound button: no pointer tap played it). */
export function unlockChime(): void {
  const context = chimeAudio();
  if (context?.state === 'suspended') void context.resume();
}

/** A short two-tone chime through Web Audio (no file to download); silent until the page was tapped once (browsers' autoplay rule). */
export function chime(): void {
  const context = chimeAudio();
  if (!context) return;
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
