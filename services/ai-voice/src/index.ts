import { Router } from 'express';
import type { ServiceModule } from '@seatside/chassis';

/** AI voice ordering. Its slices arrive with a later issue. */
export const aiVoiceService: ServiceModule = {
  name: 'ai-voice',
  create: () => ({ name: 'ai-voice', router: Router(), collections: [] }),
};
