import { translatable } from '../domain/translate';
import { storefrontMessages } from '../messages';

/**
 * The voice ordering page's words (seed 000 §2, §4, §8): only that page loads them, so a first visit
 * to the menu carries none of them. They read the storefront's own through their prototype, and a
 * merchant's translations reach them as the menu's do (`translatable`), as the checkout's words.
 */
const voiceWords = {
  // Our wording: the page's browser title (its heading is the merchant's name).
  voiceTitle: 'Voice ordering',
  voicePrompt: 'Tap Start talking and say what you would like, or type it below.',
  voiceTypePrompt: 'Type what you would like below.',
  voiceStart: 'Start talking',
  voiceStop: 'Stop listening',
  voiceListening: 'Listening…',
  voiceProcessing: 'Working on it…',
  voiceSpeaking: 'Speaking…',
  voiceDetectorFailed: 'Failed to load, please try refreshing',
  voiceNotConfigured: 'Voice ordering is not configured',
  voiceConversation: 'Conversation',
  voiceYou: 'You:',
  voiceAssistant: 'Assistant:',
  voiceTypeLabel: 'Type your order',
  voiceSend: 'Send',
  voiceSummary: 'Order summary',
} as const;

export const voiceMessages = translatable(Object.assign(Object.create(storefrontMessages) as typeof storefrontMessages, voiceWords));
