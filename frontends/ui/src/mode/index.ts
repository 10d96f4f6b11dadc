// The sandbox/production mode of the dashboards. Deep import only: '@seatside/ui/src/mode'.
export { useTestMode, TEST_MODE_STORAGE_KEY, type TestModeState } from './store';
