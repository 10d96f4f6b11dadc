import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useRealtimeRoom } from '@seatside/ui/src/realtime';
import { addGroupLines, ApiError, fetchCardOptions, fetchGroup, joinGroup, placeGroup, removeGroupLine, startGroup, type GroupView } from '../api';
import { subtotalMinor, type CartLine, type LineModifier } from '../cart/lines';
import { cartStore } from '../cart/store';
import { formatMajor } from '../domain/money';
import type { CardOptions, StorefrontDocument, StorefrontProduct } from '../domain/types';
import { TextField } from '../checkout/fields';
import { checkoutBody, initialForm, needsCustomer, placedErrors, quoteBody, type CheckoutForm, type PlacedErrors } from '../checkout/form';
import { DeliveryAddressFields, FulfillmentTypeChoice, PaymentChoice, PickupMethodChoice } from '../checkout/sections';
import { nextWindow, useOfferedWindow, useQuote } from '../checkout/useQuote';
import { rememberCardPayment } from '../payment/stripe';
import { MessagePage, Page } from '../Frame';
import { PriceSummary } from '../parts/BillingLines';
import { groupCartLines, groupIsClosed, isGroupHost } from './group';
import { ProductSheet } from '../menu/ProductSheet';
import { orderMessages as sm } from '../checkout/messages';
import { navigate, useParams } from '../router';
import { refreshedToken, storedSession } from '../storedSession';
import { inMode } from '../useStorefront';
import { useStoreTitle } from '../title';

/** The orders service's socket.io namespace and a group's event (docs/orders-api.md, Group orders). */
const ORDERS_NAMESPACE = '/orders';
const GROUP_UPDATED = 'group.updated';

export const groupTexts = {
  start: 'Start a group order',
  startText: 'Order together: share the link, everyone adds their own items, and you place one order.',
  firstName: 'First name',
  firstNameRequired: 'Please enter in your first name.',
  invited: (requestedBy: string, name: string) => `${requestedBy} invited you to join their order for ${name}!`,
  login: 'Login',
  signUp: 'Sign Up',
  guest: 'Guest',
  join: 'Join Order',
  // Our wording: the Login and Sign Up links bring the diner back to this invitation (?redirect=).
  loginText: 'Sign in and you will come back here to join with your account.',
  signUpText: 'Create an account and you will come back here to join with it.',
  signedInAs: (who: string) => `Signed in as ${who}.`,
  share: 'Share this link',
  copy: 'Copy',
  // Seed 001 §3: the shareable link's copy button.
  copied: 'Link Copied! Paste & Share',
  add: 'Add',
  lines: 'Group order',
  noLines: 'No items yet.',
  place: 'Place Group Order',
  waiting: (host: string) => `${host} will place the order.`,
  placed: 'The group order was placed.',
  closed: 'This group order is closed.',
} as const;

/** The browser's clientId, kept in local storage (seed 002 §3, Join-order response). */
export function clientId(): string {
  const key = 'seatside.clientId';
  let id = localStorage.getItem(key);
  if (!id) {
    id = crypto.randomUUID();
    localStorage.setItem(key, id);
  }
  return id;
}

/** What this browser keeps of a group it is in: the invitation, whether it started it, and who it is there. */
type Membership = { signature: string; host: boolean; participantId?: string };
const membershipKey = (groupId: string) => `seatside.group.${groupId}`;
const remember = (groupId: string, membership: Membership) => localStorage.setItem(membershipKey(groupId), JSON.stringify(membership));
const membershipOf = (groupId: string): Membership | null => {
  try {
    return JSON.parse(localStorage.getItem(membershipKey(groupId)) ?? 'null') as Membership | null;
  } catch {
    return null;
  }
};
/** A line's chosen options by label, from the storefront document's modifiers. */
const optionLabelsOf = (modifiers: LineModifier[] | undefined, doc: StorefrontDocument): string[] =>
  (modifiers ?? []).flatMap((chosen) => {
    const modifier = doc.modifiers[chosen.modifierId];
    return chosen.optionIds.map((id) => modifier?.options.find((option) => option.id === id)?.label ?? id);
  });
const groupIdOf = (signature: string) => signature.slice(0, Math.max(0, signature.lastIndexOf('.')));
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The first name a host starts a group with, or a guest joins one with. */
function FirstNameForm(props: { firstName: string; onFirstName: (value: string) => void; error: string | null; submitLabel: string; onSubmit: (event: FormEvent) => void; role?: string }) {
  return (
    <form role={props.role} onSubmit={props.onSubmit} noValidate style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <TextField label={groupTexts.firstName} name="firstName" value={props.firstName} onChange={(e) => props.onFirstName(e.target.value)} autoComplete="given-name" aria-invalid={props.error ? true : undefined} />
      {props.error ? (
        <p role="alert" className="sf-error">
          {props.error}
        </p>
      ) : null}
      <button type="submit" className="sf-btn">
        {props.submitLabel}
      </button>
    </form>
  );
}

/** `/{handle}/group`: the host starts a group order. */
export function StartGroupPage({ doc, handle, testMode }: { doc: StorefrontDocument; handle: string; testMode: boolean }) {
  useStoreTitle(groupTexts.start, doc.merchant.name);
  const [firstName, setFirstName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!firstName.trim()) return setError(groupTexts.firstNameRequired);
    try {
      const started = await startGroup(doc.merchant.id, { firstName: firstName.trim(), clientId: clientId(), testMode });
      remember(started.groupId, { signature: started.signature, host: true, participantId: started.participantId });
      navigate(inMode(`/${handle}/group/${started.groupId}`, testMode));
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <div className="sf-center" style={{ maxWidth: 480, margin: '0 auto', padding: 16 }}>
      <h1>{groupTexts.start}</h1>
      <p>{groupTexts.startText}</p>
      <FirstNameForm firstName={firstName} onFirstName={setFirstName} error={error} submitLabel={groupTexts.start} onSubmit={submit} />
    </div>
  );
}

/** `/{merchantId}/order/join/{signature}` (seed 002 §2): the invitation with Login, Sign Up and Guest. */
export function JoinOrderPage() {
  const { merchantId = '', signature = '' } = useParams();
  const groupId = groupIdOf(signature);
  const [group, setGroup] = useState<GroupView | null>(null);
  const [failure, setFailure] = useState<{ status: number; message: string } | null>(null);
  const [session] = useState(storedSession);
  const [tab, setTab] = useState<'login' | 'signup' | 'guest'>(session.token ? 'login' : 'guest');
  const [firstName, setFirstName] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    fetchGroup(groupId || '-', signature).then(
      (found) => {
        // This browser is already in the group (its invitation opened again): back to the group, not a second name.
        if (membershipOf(found.groupId)?.signature === signature && !groupIsClosed(found.status) && found.merchant?.handle) {
          return navigate(inMode(`/${found.merchant.handle}/group/${found.groupId}`, found.testMode ?? false), { replace: true });
        }
        setGroup(found);
      },
      (err: unknown) => setFailure({ status: err instanceof ApiError ? err.status : 500, message: errorText(err) }),
    );
  }, [groupId, signature]);

  const join = async (event: FormEvent, asUser = false) => {
    event.preventDefault();
    if (!asUser && !firstName.trim()) return setError(groupTexts.firstNameRequired);
    setError(null);
    try {
      // Signed in: the account joins (its bearer token; the name from the account); else the guest's first name.
      const given = asUser ? (session.user?.firstName ?? session.user?.name?.split(' ')[0] ?? '') : firstName.trim();
      const body = { ...(given ? { firstName: given } : {}), clientId: clientId() };
      const joined = await joinGroup(merchantId, signature, body, asUser ? session.token : undefined).catch(async (err: unknown) => {
        // The stored access token expired (it lives 15 minutes): once more with one the session cookie refreshes.
        const fresh = asUser && err instanceof ApiError && err.status === 401 ? await refreshedToken() : null;
        if (!fresh) throw err;
        return joinGroup(merchantId, signature, body, fresh);
      });
      remember(joined.data.groupId, { signature: joined.signature, host: isGroupHost(joined.data.group, joined.data.participantId), participantId: joined.data.participantId });
      // In the group's own mode: a sandbox group's page reads the sandbox menu.
      navigate(inMode(`/${joined.data.handle}/group/${joined.data.groupId}`, joined.data.group.testMode ?? false));
    } catch (err) {
      // Closed meanwhile (or being placed): its words, and the group read again (closed: the page says so, as on load). Another refusal (forged) is the full-page error with its status and message.
      if (err instanceof ApiError && err.code === 'group_closed') {
        setError(err.message);
        fetchGroup(groupId, signature).then(setGroup, () => undefined);
      } else if (err instanceof ApiError && err.status !== 400) setFailure({ status: err.status, message: err.message });
      else setError(errorText(err));
    }
  };

  // The invitation's own title; a page that says something else (a failure, closed, loading) names it.
  useStoreTitle(group && !failure && !groupIsClosed(group.status) ? groupTexts.invited(group.requestedBy, group.merchant?.name ?? '') : undefined);
  if (failure) {
    return (
      <MessagePage title={String(failure.status)}>
        <p data-testid="join-error">{failure.message}</p>
      </MessagePage>
    );
  }
  if (!group) return <MessagePage title="Loading…" busy />;
  // A placed (or idle) group takes no one: said at once, before anyone types a name.
  if (groupIsClosed(group.status)) {
    return (
      <MessagePage title={groupTexts.closed}>
        {group.merchant?.handle ? (
          <a className="sf-btn" href={inMode(`/${group.merchant.handle}`, group.testMode ?? false)} style={{ maxWidth: 240, display: 'inline-block', textDecoration: 'none' }}>
            {sm.backToMenu}
          </a>
        ) : null}
      </MessagePage>
    );
  }
  const tabs = [
    ['login', groupTexts.login],
    ['signup', groupTexts.signUp],
    ['guest', groupTexts.guest],
  ] as const;
  return (
    <Page>
      <div className="sf-page">
        <h1>{groupTexts.invited(group.requestedBy, group.merchant?.name ?? '')}</h1>
        <div role="tablist" style={{ display: 'flex', gap: 8 }}>
          {tabs.map(([key, label]) => (
            <button key={key} type="button" role="tab" aria-selected={tab === key} className="sf-btn sf-btn-ghost" onClick={() => setTab(key)}>
              {label}
            </button>
          ))}
        </div>
        {tab === 'guest' ? (
          <FirstNameForm role="tabpanel" firstName={firstName} onFirstName={setFirstName} error={error} submitLabel={groupTexts.join} onSubmit={join} />
        ) : session.token ? (
          <form role="tabpanel" onSubmit={(event) => void join(event, true)} style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            <p>{groupTexts.signedInAs(session.user?.name || session.user?.email || '')}</p>
            {error ? <p role="alert">{error}</p> : null}
            <button type="submit" className="sf-btn">
              {groupTexts.join}
            </button>
          </form>
        ) : (
          <div role="tabpanel">
            <p>{tab === 'login' ? groupTexts.loginText : groupTexts.signUpText}</p>
            <a className="sf-btn" style={{ display: 'block', textAlign: 'center', textDecoration: 'none' }} href={`/auth/${tab === 'login' ? 'login' : 'sign-up'}?redirect=${encodeURIComponent(`${location.pathname}${location.search}`)}`}>
              {tab === 'login' ? groupTexts.login : groupTexts.signUp}
            </a>
          </div>
        )}
      </div>
    </Page>
  );
}

/** `/{handle}/group/{groupId}`: the shared cart, live; the host places it. */
export function GroupPage({ doc, handle, testMode }: { doc: StorefrontDocument; handle: string; testMode: boolean }) {
  const { groupId = '' } = useParams();
  const membership = membershipOf(groupId);
  const [group, setGroup] = useState<GroupView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [openProduct, setOpenProduct] = useState<string | null>(null);
  const currency = doc.merchant.checkoutOptions.currency;
  useStoreTitle(membership ? groupTexts.lines : undefined, doc.merchant.name);

  const reload = useCallback(() => {
    if (membership) fetchGroup(groupId, membership.signature).then(setGroup, (err: unknown) => setError(errorText(err)));
  }, [groupId, membership?.signature]);
  useEffect(reload, [reload]);
  useRealtimeRoom<GroupView>({
    namespace: ORDERS_NAMESPACE,
    room: membership ? { groupId, signature: membership.signature } : null,
    event: GROUP_UPDATED,
    onEvent: (next) => setGroup(next),
    onReconnect: reload,
    token: () => null,
  });

  if (!membership) return <MessagePage title={groupTexts.closed} />;
  if (!group) return <MessagePage title="Loading…" busy />;
  const host = group.participants.find((p) => p.host)?.name ?? '';
  const products = Object.values(doc.products).filter((p: StorefrontProduct) => !p.soldOut);
  const open = group.status === 'open';

  // A line as the menu's product sheet makes it (modifiers, quantity); the server checks it as checkout does.
  const add = async (line: CartLine) => {
    setError(null);
    setOpenProduct(null);
    try {
      setGroup(await addGroupLines(groupId, { signature: membership.signature, clientId: clientId(), lineItems: [{ productId: line.productId, quantity: line.quantity, modifiers: line.modifiers }] }));
    } catch (err) {
      setError(errorText(err));
    }
  };
  const remove = async (lineId: string) => {
    setError(null);
    try {
      setGroup(await removeGroupLine(groupId, lineId, { signature: membership.signature, clientId: clientId() }));
    } catch (err) {
      setError(errorText(err));
    }
  };
  const mayRemove = (line: GroupView['lines'][number]) => open && (membership.host || (membership.participantId !== undefined && line.participantId === membership.participantId));
  const product = openProduct ? doc.products[openProduct] : undefined;
  const shareUrl = inMode(`${location.origin}/${group.merchantId}/order/join/${membership.signature}`, group.testMode ?? false);

  return (
    <div style={{ maxWidth: 560, margin: '0 auto', padding: 16 }}>
      <h1 style={{ fontSize: 22 }}>{doc.merchant.name}</h1>
      {membership.host && open ? <ShareLink url={shareUrl} /> : null}
      {open ? (
        <ul className="sf-products">
          {products.map((p) => (
            <li key={p.id} style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', padding: '8px 0' }} data-testid="group-product">
              <span>
                {p.title} <span className="sf-hint">{formatMajor(p.price, currency)}</span>
              </span>
              <button type="button" className="sf-btn" style={{ width: 'auto' }} aria-label={`${groupTexts.add} ${p.title}`} onClick={() => setOpenProduct(p.id)}>
                {groupTexts.add}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <h2>{groupTexts.lines}</h2>
      {group.lines.length === 0 ? <p>{groupTexts.noLines}</p> : null}
      <ul data-testid="group-lines">
        {group.lines.map((line) => {
          const labels = optionLabelsOf(line.modifiers, doc);
          return (
            <li key={line.lineId} data-testid="group-line" style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8, padding: '4px 0' }}>
              <span>
                {line.participant}: {line.quantity} × {line.title}
                {labels.length > 0 ? <span className="sf-hint"> ({labels.join(', ')})</span> : null}
              </span>
              {mayRemove(line) ? (
                <button type="button" className="sf-link-btn" aria-label={sm.remove(line.title)} onClick={() => void remove(line.lineId)}>
                  {sm.removeShort}
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
      {product ? (
        <ProductSheet
          product={product}
          modifiers={product.modifiers.map((id) => doc.modifiers[id]).filter((mod) => !!mod)}
          currency={currency}
          blockedReason={null}
          onAdd={(line) => void add(line)}
          onClose={() => setOpenProduct(null)}
        />
      ) : null}
      {error ? <p role="alert">{error}</p> : null}
      {group.status === 'placed' ? <p role="status">{groupTexts.placed}</p> : null}
      {group.status === 'closed' ? <p role="status">{groupTexts.closed}</p> : null}
      {/* Kept while placing: a refusal reopens the group, and the host's form keeps what was typed and shows why. */}
      {(open || group.status === 'placing') && membership.host ? <GroupPlaceForm doc={doc} handle={handle} testMode={testMode} group={group} membership={membership} /> : null}
      {open && !membership.host ? <p>{groupTexts.waiting(host)}</p> : null}
    </div>
  );
}

/**
 * The host's place form: the fulfillment and payment among the merchant's checkoutOptions, by the
 * checkout's own sections and body (checkout/form.ts, checkout/sections.tsx); the server places it
 * through the checkout's one placement path. A card is taken on the order page, as after checkout.
 */
function GroupPlaceForm({ doc, handle, testMode, group, membership }: { doc: StorefrontDocument; handle: string; testMode: boolean; group: GroupView; membership: Membership }) {
  const options = doc.merchant.checkoutOptions;
  const hostName = group.participants.find((p) => p.host)?.name ?? '';
  // The seat the host scanned (kept with the menu's cart): the group's order may be brought there, as a checkout's.
  const tag = cartStore(handle, testMode)((s) => s.tag);
  const [form, setForm] = useState<CheckoutForm>(() => ({ ...initialForm(options, tag), firstName: hostName }));
  const [errors, setErrors] = useState<PlacedErrors>({ fields: {}, lines: {}, general: [] });
  const [placing, setPlacing] = useState(false);
  const [card, setCard] = useState<CardOptions | null>(null);
  const set = <K extends keyof CheckoutForm>(key: K, value: CheckoutForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  useEffect(() => {
    const controller = new AbortController();
    fetchCardOptions(doc.merchant.id, testMode, controller.signal).then(
      (answer) => setCard(answer.card),
      () => undefined,
    );
    return () => controller.abort();
  }, [doc.merchant.id, testMode]);
  // The group's price as the server computes it (docs/orders-api.md, Price quote), asked again as the lines and the form change.
  const lines = groupCartLines(group.lines);
  const quote = useQuote(doc.merchant.id, lines.length > 0 ? quoteBody(checkoutBody(form, lines, options, tag, testMode, card)) : null);
  const field = { ...quote.refusal?.fields, ...errors.fields };
  // Pacing, as at checkout: the earliest window is full, so the order takes the later one offered ('Ready from 8:45 PM').
  const acceptWindow = useCallback((readyFrom: string) => setForm((f) => ({ ...f, readyFrom })), []);
  useOfferedWindow(quote, form.readyFrom, acceptWindow);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (placing) return;
    setPlacing(true);
    setErrors({ fields: {}, lines: {}, general: [] });
    try {
      // The checkout's body for this form; the group's lines are the server's.
      const { lineItems: _lines, ...body } = checkoutBody(form, [], options, tag, testMode, card);
      const placed = await placeGroup(group.groupId, { signature: membership.signature, clientId: clientId(), ...body });
      if (placed.payment?.clientSecret && card) rememberCardPayment(placed.id, { clientSecret: placed.payment.clientSecret, publishableKey: card.publishableKey, accountId: card.accountId });
      navigate(inMode(`/${handle}/orders/${encodeURIComponent(placed.id)}?token=${encodeURIComponent(placed.statusToken)}`, testMode), { state: { placed }, replace: true });
    } catch (err) {
      const apiError = err instanceof ApiError ? err : new ApiError(0, errorText(err));
      // The window filled up meanwhile: the next one with room is offered (read it from a new quote), as at checkout.
      if (apiError.code === 'slot_full') {
        const next = await nextWindow(doc.merchant.id, quoteBody(checkoutBody(form, lines, options, tag, testMode, card)));
        if (next) acceptWindow(next);
      }
      const refused = placedErrors(apiError.message, apiError.errors);
      // A line's refusal (sold out since it was added) is shown with the rest.
      setErrors({ ...refused, general: [...refused.general, ...Object.values(refused.lines).filter((text) => !refused.general.includes(text))] });
    } finally {
      setPlacing(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <FulfillmentTypeChoice form={form} set={set} options={options} tag={tag} field={field} />
      {form.type === 'PICKUP' ? <PickupMethodChoice form={form} set={set} options={options} field={field} /> : null}
      {form.type === 'DELIVERY' ? <DeliveryAddressFields form={form} set={set} field={field} /> : null}
      {needsCustomer(form, options) ? (
        <fieldset className="sf-fieldset">
          <legend>{sm.contact}</legend>
          {field.customer ? <p className="sf-error">{field.customer}</p> : null}
          <div className="sf-grid2">
            <TextField label={sm.firstName} name="firstName" autoComplete="given-name" value={form.firstName} onChange={(e) => set('firstName', e.target.value)} error={field['customer.firstName']} />
            <TextField label={sm.lastName} name="lastName" autoComplete="family-name" value={form.lastName} onChange={(e) => set('lastName', e.target.value)} error={field['customer.lastName']} />
          </div>
          <TextField label={sm.email} name="email" type="email" autoComplete="email" value={form.email} onChange={(e) => set('email', e.target.value)} error={field['customer.email']} />
        </fieldset>
      ) : null}
      <PaymentChoice form={form} set={set} options={options} card={card} field={field} />
      <PriceSummary id="group-price" summary={quote.summary} pending={quote.pending} subtotalMinor={subtotalMinor(lines)} currency={options.currency} />
      {quote.pacing ? (
        <p className="sf-note" data-testid="group-ready-from">
          {quote.pacing.message}
        </p>
      ) : null}
      <div role="alert">
        {errors.general.map((text) => (
          <p key={text} className="sf-alert">
            {text}
          </p>
        ))}
      </div>
      <button type="submit" className="sf-btn" disabled={placing || group.lines.length === 0} aria-busy={placing}>
        {groupTexts.place}
      </button>
    </form>
  );
}

/** The invitation link, whole and selectable, with a Copy button ('Link Copied! Paste & Share'). */
function ShareLink({ url }: { url: string }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 4000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      // No clipboard API (an insecure page, a refused permission): the selected text, copied the old way.
      inputRef.current?.select();
      document.execCommand('copy');
    }
    setCopied(true);
  };
  return (
    <div className="sf-field">
      <label htmlFor="sf-group-share">{groupTexts.share}</label>
      <div style={{ display: 'flex', gap: 8 }}>
        <input ref={inputRef} id="sf-group-share" readOnly value={url} data-testid="group-share-link" style={{ flex: 1, minWidth: 0 }} onFocus={(e) => e.target.select()} />
        <button type="button" className="sf-btn" style={{ width: 'auto' }} onClick={() => void copy()}>
          {groupTexts.copy}
        </button>
      </div>
      <p role="status" className="sf-hint">
        {copied ? groupTexts.copied : ''}
      </p>
    </div>
  );
}
