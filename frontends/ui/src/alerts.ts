import App from 'antd/es/app';
import { ApiError } from './api/client';

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

/** The text to show a person for anything thrown. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}
