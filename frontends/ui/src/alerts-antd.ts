import App from 'antd/es/app';
import { errorMessage } from './alerts';

// Not in the package barrel: importing it pulls in antd, which pages without antd must not load.
// Import from '@seatside/ui/src/alerts-antd' inside a <UiProvider>.

/**
 * Alerts through antd's App context (rendered by UiProvider), so they pick up the theme.
 * `const alerts = useAlerts(); alerts.success('Saved')`.
 */
export function useAlerts() {
  const { message, notification } = App.useApp();
  return {
    success: (text: string) => void message.success(text),
    info: (text: string) => void message.info(text),
    warning: (text: string) => void message.warning(text),
    error: (text: string) => void message.error(text),
    /** An error from the API client (or anything thrown) as an error notification. */
    failure: (error: unknown, title = 'Something went wrong') =>
      notification.error({ title, description: errorMessage(error) }),
  };
}

export type Alerts = ReturnType<typeof useAlerts>;

