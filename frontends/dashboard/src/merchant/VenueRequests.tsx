import { useEffect, useState } from 'react';
import { api, errorMessage } from '@seatside/ui';
import { useAlerts } from '@seatside/ui/src/alerts-antd';

type Request = { venueId: string; name: string; handle: string; requestedAt: string };

/**
 * Issue 20: venues asking to list this merchant on their page (no venue lists a merchant without its
 * consent). The merchant's admins accept or decline; nothing shows when there is none (or for a
 * member who may not answer).
 */
export function VenueRequests({ merchantId }: { merchantId: string }) {
  const alerts = useAlerts();
  const [requests, setRequests] = useState<Request[]>([]);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    api.get<{ data: Request[] }>(`/merchants/${encodeURIComponent(merchantId)}/venue-requests`, { signal: controller.signal }).then(
      (res) => !controller.signal.aborted && setRequests(res.data),
      () => !controller.signal.aborted && setRequests([]),
    );
    return () => controller.abort();
  }, [merchantId, version]);
  if (requests.length === 0) return null;
  const answer = async (venueId: string, action: 'accept' | 'decline') => {
    try {
      const res = await api.post<{ message: string }>(`/merchants/${encodeURIComponent(merchantId)}/venue-requests/${encodeURIComponent(venueId)}`, { action });
      alerts.success(res.message);
    } catch (err) {
      alerts.error(errorMessage(err));
    }
    setVersion((v) => v + 1);
  };
  return (
    <section className="mer-venue-requests" aria-labelledby="venue-requests-title" data-testid="venue-requests">
      <h2 id="venue-requests-title">Venue requests</h2>
      <ul>
        {requests.map((request) => (
          <li key={request.venueId}>
            <span>
              <strong>{request.name}</strong> asks to list this merchant on its venue page (/{request.handle}).
            </span>
            <button type="button" onClick={() => void answer(request.venueId, 'accept')}>
              Accept
            </button>
            <button type="button" onClick={() => void answer(request.venueId, 'decline')}>
              Decline
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
