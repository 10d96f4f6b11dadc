export { clearCaches, SKIP_WAITING, SW_WAITING_EVENT, UpdatePrompt, watchServiceWorker, type UpdatePromptProps, type WaitingWorker } from './UpdatePrompt';
