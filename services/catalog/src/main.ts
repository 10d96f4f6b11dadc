// Starts the catalog service alone: its own port and schema (the distributed topology).
// Only the bootstrap and config are imported up front, so tracing starts before the instrumented modules load.
import { bootService } from '@seatside/chassis/src/bootstrap';
import { parseConfig } from '@seatside/chassis/src/config';
import { placesConfigSchema } from './places/config';

void bootService('catalog', 8102, () =>
  import('./index').then((m) => m.createCatalogService({ googlePlacesApiKey: parseConfig(placesConfigSchema).GOOGLE_PLACES_API_KEY })),
);
