import * as React from 'react';
import { Route, Routes, useParams } from 'react-router';
import { ComingSoon, registerReact } from '@seatside/ui';

registerReact(React);

function Merchant() {
  const { merchantId } = useParams();
  return <ComingSoon title={`Merchant ${merchantId ?? ''}`}>The merchant dashboard is built with the dashboard issue.</ComingSoon>;
}

/** The dashboard remote: account, registration, sign-in and the merchant dashboard. Paths are absolute. */
export default function App() {
  return (
    <Routes>
      <Route path="/dashboard/merchants/:merchantId/*" element={<Merchant />} />
      <Route path="/dashboard/*" element={<ComingSoon title="Dashboard" />} />
      <Route path="/account/*" element={<ComingSoon title="Account" />} />
      <Route path="/register/*" element={<ComingSoon title="Register" />} />
      <Route path="/auth/*" element={<ComingSoon title="Sign in" />} />
      <Route path="*" element={<ComingSoon title="Dashboard" />} />
    </Routes>
  );
}
