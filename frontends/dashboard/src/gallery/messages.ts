import { listMessages } from '@seatside/ui/src/lists';

/** The gallery's texts (seed 001 §2, §8): the spec writes three dots here. */
export const galleryMessages = {
  title: 'Gallery',
  loading: 'Loading...',
  empty: listMessages.empty,
} as const;
