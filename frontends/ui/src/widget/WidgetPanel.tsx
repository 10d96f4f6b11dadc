import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type KeyboardEvent } from 'react';
import { texts, type StaffMember } from './content';
import { injectStyle } from './dom';
import { BackIcon, ChatIcon, CloseIcon, HelpIcon, MailIcon } from './icons';
import { historyReducer, matchRoute, WidgetRouterContext, type WidgetNavigation, type WidgetRoute } from './router';
import { ChatScreen, useChat } from './screens/Chat';
import { ContactScreen } from './screens/Contact';
import { HelpItemScreen, HelpScreen, NewsScreen } from './screens/Help';
import { HomeScreen } from './screens/Home';
import { panelCss } from './styles';

const titles: Record<WidgetRoute['name'], string> = {
  home: 'Home',
  chat: 'Chat',
  help: 'Help',
  'help-item': 'Help',
  news: 'News',
  contact: 'Contact',
};

const tabs = [
  { path: '/help', label: 'Help', icon: HelpIcon },
  { path: '/chat', label: 'Chat', icon: ChatIcon },
  { path: '/contact', label: 'Contact', icon: MailIcon },
] as const;

export interface WidgetPanelProps {
  open: boolean;
  onClose(): void;
  staff?: StaffMember[];
  /** What arrived while the panel was closed: support messages, plus one for a ringing call (0 once opened). */
  onUnread?(count: number): void;
}

export default function WidgetPanel({ open, onClose, staff, onUnread }: WidgetPanelProps) {
  injectStyle('ssw-panel-css', panelCss);
  const [stack, dispatch] = useReducer(historyReducer, ['/']);
  const path = stack[stack.length - 1] ?? '/';
  const route = matchRoute(path);
  const chat = useChat();
  const heading = useRef<HTMLHeadingElement>(null);
  const [focusTick, setFocusTick] = useState(0);

  // A reply or a call that comes while the panel is closed is counted on the launcher.
  const supportMessages = chat.messages.filter((m) => m.senderGroup === 'support').length;
  const seen = useRef(supportMessages);
  const ringing = chat.call.phase === 'ringing';
  useEffect(() => {
    if (open) seen.current = supportMessages;
    onUnread?.(open ? 0 : Math.max(0, supportMessages - seen.current) + (ringing ? 1 : 0));
  }, [open, supportMessages, ringing, onUnread]);

  const nav = useMemo<WidgetNavigation>(
    () => ({
      path,
      route,
      canGoBack: stack.length > 1,
      push: (to) => {
        dispatch({ type: 'push', path: to });
        setFocusTick((t) => t + 1);
      },
      back: () => {
        dispatch({ type: 'back' });
        setFocusTick((t) => t + 1);
      },
    }),
    [path, stack.length], // route is derived from path
  );

  // Move focus into the panel when it opens and to the new screen's title after navigating.
  useEffect(() => {
    if (open) heading.current?.focus();
  }, [open, focusTick]);

  const onKeyDown = useCallback(
    (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    },
    [onClose],
  );

  const activeTab = route.name === 'help-item' ? '/help' : path;

  return (
    <WidgetRouterContext.Provider value={nav}>
      <section id="ssw-panel" className="ssw-panel" role="dialog" aria-modal="false" aria-labelledby="ssw-title" hidden={!open} onKeyDown={onKeyDown} data-live={chat.live}>
        <header className="ssw-header">
          {nav.canGoBack && (
            <button type="button" className="ssw-icon-btn" aria-label="Back" onClick={nav.back}>
              <BackIcon />
            </button>
          )}
          <h2 id="ssw-title" ref={heading} tabIndex={-1}>
            <span className="ssw-sr">{texts.panelLabel}: </span>
            {titles[route.name]}
          </h2>
          <button type="button" className="ssw-icon-btn" aria-label="Close" onClick={onClose}>
            <CloseIcon />
          </button>
        </header>
        <div className={route.name === 'chat' ? 'ssw-body ssw-chat-body' : 'ssw-body'} data-route={path}>
          <Screen route={route} staff={staff} chat={chat} open={open} />
        </div>
        <nav className="ssw-tabs" aria-label="Support sections">
          {tabs.map(({ path: to, label, icon: Icon }) => (
            <button key={to} type="button" className="ssw-tab" aria-current={activeTab === to ? 'page' : undefined} onClick={() => nav.push(to)}>
              <Icon />
              {label}
            </button>
          ))}
        </nav>
      </section>
    </WidgetRouterContext.Provider>
  );
}

function Screen({ route, staff, chat, open }: { route: WidgetRoute; staff?: StaffMember[]; chat: ReturnType<typeof useChat>; open: boolean }) {
  switch (route.name) {
    case 'home':
      return <HomeScreen staff={staff} open={open} liveStaff={chat.staff} />;
    case 'chat':
      return <ChatScreen chat={chat} />;
    case 'help':
      return <HelpScreen />;
    case 'help-item':
      return <HelpItemScreen type={route.type} id={route.id} />;
    case 'news':
      return <NewsScreen />;
    case 'contact':
      return <ContactScreen />;
  }
}
