import { useEffect, useRef, useState } from 'react';
import Select from 'antd/es/select';
import { registerApi, type PlaceOption } from './api';
import { registerMessages as m } from './messages';

const SEARCH_DELAY_MS = 250;

/**
 * Seed 000 §4 step 0: the place search over GET /v1/places (US establishments). Typing searches
 * from two characters; choosing a place hands it to `onPick`. The place already `picked` (back from
 * step 1) shows by its name until a new search.
 */
export function PlaceSearch(props: { id?: string; value?: string; picked?: PlaceOption | null; onPick(place: PlaceOption): void; status?: 'error' }) {
  const { id, value, picked, onPick, status } = props;
  const [query, setQuery] = useState('');
  const [places, setPlaces] = useState<PlaceOption[]>([]);
  const [searching, setSearching] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const latest = useRef<AbortController | null>(null);

  useEffect(() => {
    const q = query.trim();
    latest.current?.abort();
    if (q.length < 2) {
      setPlaces([]);
      setSearching(false);
      return;
    }
    const controller = new AbortController();
    latest.current = controller;
    setSearching(true);
    const timer = setTimeout(() => {
      registerApi.searchPlaces(q, controller.signal).then(
        (found) => {
          if (controller.signal.aborted) return;
          setPlaces(found);
          setFailed(null);
          setSearching(false);
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setPlaces([]);
          setFailed(error instanceof Error ? error.message : String(error));
          setSearching(false);
        },
      );
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  const shown = picked && query.trim().length < 2 && !places.some((p) => p.placeId === picked.placeId) ? [picked, ...places] : places;

  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setQuery }}
      value={value || undefined}
      status={status}
      size="large"
      placeholder={m.placeSearchHint}
      loading={searching}
      notFoundContent={searching ? 'Searching…' : failed ?? (query.trim().length >= 2 ? m.noPlaces : 'Type at least 2 characters')}
      // The chosen place shows by its name; the list shows each with its address.
      options={shown.map((place) => ({ value: place.placeId, label: place.name, place }))}
      optionRender={({ data }) => (
        <span data-testid="place-option">
          <strong>{data.place.name}</strong>
          <span style={{ display: 'block', fontSize: 12, opacity: 0.75 }}>{data.place.address}</span>
        </span>
      )}
      onSelect={(placeId: string) => {
        const place = shown.find((p) => p.placeId === placeId);
        if (place) onPick(place);
      }}
      style={{ width: '100%' }}
    />
  );
}
