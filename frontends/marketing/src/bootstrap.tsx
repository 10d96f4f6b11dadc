// Standalone dev only (`npm run dev -w <this app>`): in the platform the shell renders App.
import { renderStandalone } from '@seatside/ui';
import App from './App';

renderStandalone(App);
