// The sandbox/production mode of the dashboards. Deep import only: '@seatside/ui/src/mode' (the
// toggle and the prompt use antd: render them inside a <UiProvider>).
export { useTestMode, useTestModeOf, TEST_MODE_STORAGE_KEY, testModeStorageKey, type TestModeState } from './store';
export { modeMessages, modeName } from './messages';
export { ModeToggle } from './ModeToggle';
export { ModeMismatch, type ModeMismatchProps } from './ModeMismatch';
export { useRecordInMode, type RecordInMode } from './useRecordInMode';
