import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import Button, { type ButtonProps } from 'antd/es/button';
import { signOut } from './session';

export interface SignOutButtonProps extends Omit<ButtonProps, 'onClick' | 'loading' | 'children'> {
  /** Where to go once signed out (default /auth/login). */
  to?: string;
  /** Called once signed out, instead of navigating. */
  onSignedOut?: () => void;
  children?: ReactNode;
}

/** Signs out (POST /v1/auth/logout, then the session store) and leaves for the login page. */
export function SignOutButton({ to = '/auth/login', onSignedOut, children = 'Sign out', ...button }: SignOutButtonProps) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await signOut();
    } finally {
      setBusy(false);
    }
    if (onSignedOut) onSignedOut();
    else void navigate(to);
  };
  return (
    <Button {...button} loading={busy} onClick={onClick}>
      {children}
    </Button>
  );
}
