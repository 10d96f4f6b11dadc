import { useState } from 'react';
import type { FormInstance } from 'antd/es/form';
import { ApiError, errorMessage } from '@seatside/ui';
import { useAlerts } from '@seatside/ui/src/alerts-antd';

/**
 * Sends one settings form: the server's message as a success alert, or its message as an error alert
 * with its per-field messages under the fields (seed 000 §8).
 */
export function useFormAction<T extends object>(form: FormInstance<T>) {
  const alerts = useAlerts();
  const [busy, setBusy] = useState(false);
  const run = async <A extends { message: string }>(call: () => Promise<A>, onSuccess?: (answer: A) => unknown) => {
    setBusy(true);
    try {
      const answer = await call();
      alerts.success(answer.message);
      await onSuccess?.(answer);
    } catch (err) {
      if (err instanceof ApiError && err.errors) {
        form.setFields(Object.entries(err.errors).map(([name, message]) => ({ name: name as never, errors: [message] })));
      }
      alerts.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
