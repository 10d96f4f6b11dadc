/**
 * An aggregate's pure core: decide(command, state) → events; evolve(state, event) → state.
 * Time and ids come in through the command, never from globals, so both stay pure.
 */
export interface Decider<Command, Event, State> {
  initialState: () => State;
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
}

export const fold = <Event, State>(decider: Pick<Decider<never, Event, State>, 'initialState' | 'evolve'>, events: Event[]): State =>
  events.reduce(decider.evolve, decider.initialState());
