import { Box, Text } from 'ink';
import SelectInput from 'ink-select-input';
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { displayName, type CurrentSession } from '../../state/index.js';
import { Popup, unavailable, useCommands, useLoadingMarker } from '../commands.js';
import { useAppState, useAppStore } from '../store-context.js';
import { useTheme } from '../theme.js';
import { hintLine } from '../hints.js';
import { keyHint, keyPairHint } from '../keymap.js';
import { Confirm } from './Confirm.js';
import { Spinner } from './Spinner.js';
import { TextField } from './TextField.js';

type Step = 'menu' | 'browser' | 'password' | 'token';
type Choice = 'browser' | 'password' | 'token' | 'guest' | 'signout' | 'cancel';

interface MenuItem {
  readonly label: string;
  readonly value: Choice;
}

function menuFor(session: CurrentSession, expired: boolean): MenuItem[] {
  const signIn: MenuItem[] = [
    { label: 'Approve in the browser (recommended)', value: 'browser' },
    { label: 'Sign in with user name and password', value: 'password' },
    { label: 'Paste a request token approved elsewhere', value: 'token' },
  ];
  if (session.kind === 'user' && expired) {
    // The service refused the session: signing in again (the user name kept) sends what waits.
    return [signIn[0]!, signIn[1]!, { label: `Sign out ${displayName(session)}`, value: 'signout' }, { label: 'Cancel', value: 'cancel' }];
  }
  if (session.kind === 'user') {
    return [
      { label: `Sign out ${displayName(session)}`, value: 'signout' },
      { label: 'Cancel', value: 'cancel' },
    ];
  }
  if (session.kind === 'guest') {
    return [...signIn, { label: 'End the guest session', value: 'signout' }, { label: 'Cancel', value: 'cancel' }];
  }
  return [...signIn, { label: 'Continue as a guest (rating only)', value: 'guest' }, { label: 'Cancel', value: 'cancel' }];
}

function signOutQuestion(session: CurrentSession): string {
  return session.kind === 'guest'
    ? 'End the guest session? Its ratings stay on the service.'
    : `Sign out ${displayName(session)}? The session is deleted on the service.`;
}

/**
 * The session form (key s), a modal: approve in the browser, user name and password, a pasted
 * request token, a guest session, or sign out. While open it takes every key but Ctrl-C.
 */
export function SessionForm(props: { width: number }) {
  return (
    <Popup kind="form">
      <SessionChoices {...props} />
    </Popup>
  );
}

function SessionChoices({ width }: { width: number }) {
  const store = useAppStore();
  const theme = useTheme();
  const session = useAppState(
    useShallow((s) => ({
      current: s.session.current,
      busy: s.session.busy,
      error: s.session.error,
      approval: s.session.approval,
      notice: s.session.notice,
      expired: s.session.expired,
    })),
  );
  const signInHint = useAppState((s) => s.connection.signInHint);
  const [step, setStep] = useState<Step>('menu');
  // The menu opens on the first choice that loses nothing: Enter pressed at once (the end of a
  // word typed where it did not belong) never chooses signing out.
  const [highlighted, setHighlighted] = useState(() => {
    const now = store.getState().session;
    return Math.max(0, menuFor(now.current, now.expired).findIndex((item) => item.value !== 'signout'));
  });
  const [field, setField] = useState<0 | 1>(0);
  // Signing in again after the session expired: the same user, most likely.
  const [username, setUsername] = useState(() => {
    const current = store.getState().session.current;
    return current.kind === 'user' && store.getState().session.expired ? current.username : '';
  });
  const [password, setPassword] = useState('');
  const [token, setToken] = useState('');
  const [confirmingSignOut, setConfirmingSignOut] = useState(false);
  const signOut = async () => {
    await actions().signOut();
    setConfirmingSignOut(false);
    close();
  };

  const items = menuFor(session.current, session.expired);
  const highlightedIndex = Math.min(highlighted, items.length - 1);
  const choice = items[highlightedIndex]!.value;
  // The menu's cursor is the form's own: ink-select-input only draws it (it reads no keys here,
  // so a burst such as "j j Enter" goes through the input pipeline in order).
  const moveHighlight = (by: number) => setHighlighted((index) => (Math.min(index, items.length - 1) + by + items.length) % items.length);
  const actions = () => store.getState().session;
  const close = () => store.getState().nav.closeModal();
  const goTo = (next: Step) => {
    actions().clearError();
    setStep(next);
    setField(0);
  };

  const choose = async (selected: Choice) => {
    if (selected === 'browser') {
      goTo('browser');
      await actions().beginBrowserApproval();
    } else if (selected === 'password' || selected === 'token') {
      goTo(selected);
    } else if (selected === 'guest') {
      if (await actions().startGuestSession()) close();
    } else if (selected === 'signout') {
      // Signing out cannot be undone from here (a user's session is deleted on the service):
      // asked first, like every other write that loses something.
      setConfirmingSignOut(true);
    } else {
      close();
    }
  };

  const submit = async () => {
    if (session.busy) return;
    if (step === 'menu') return choose(choice);
    if (step === 'browser') {
      const ok = session.approval ? await actions().completeBrowserApproval() : await actions().beginBrowserApproval();
      if (ok && session.approval) close();
      return;
    }
    if (step === 'password') {
      if (field === 0) return setField(1);
      if (await actions().signInWithPassword(username, password)) close();
      else setPassword('');
      return;
    }
    if (await actions().signInWithRequestToken(token)) close();
  };

  const toggleField = step === 'password' ? () => setField((f) => (f === 0 ? 1 : 0)) : undefined;
  // While a request is out, Enter waits for its answer (typed ahead, it acts on what the answer
  // shows) instead of being lost.
  useLoadingMarker(session.busy);
  useCommands('screen', step === 'menu' ? ['form', 'list'] : ['form'], {
    'list.down': step === 'menu' ? () => moveHighlight(1) : undefined,
    'list.up': step === 'menu' ? () => moveHighlight(-1) : undefined,
    'form.submit': session.busy ? undefined : () => void submit(),
    'form.back': () => (step === 'menu' ? close() : goTo('menu')),
    // A step with one thing to fill in (or none) has no next field: Tab says so instead of nothing.
    'form.next': toggleField ?? (step === 'menu' ? undefined : unavailable(`This step has no other field: ${keyHint('form.submit')} goes on, ${keyHint('form.back')} goes back`)),
    'form.previous': toggleField ?? (step === 'menu' ? undefined : unavailable(`This step has no other field: ${keyHint('form.submit')} goes on, ${keyHint('form.back')} goes back`)),
  });

  const who =
    session.current.kind === 'user' && session.expired
      ? `The service no longer takes the session of ${displayName(session.current)}: sign in again, and the ratings kept meanwhile are sent.`
      : session.current.kind === 'user'
      ? `Signed in as ${displayName(session.current)}.`
      : session.current.kind === 'guest'
        ? 'A guest session is active (it can rate episodes).'
        : 'Nobody is signed in.';

  return (
    <Box flexDirection="column" borderStyle="round" borderColor={theme.accent} paddingX={1} width={Math.min(width, 86)}>
      <Text bold>Session</Text>
      <Text color={theme.muted}>{who}</Text>
      {session.notice && step === 'menu' ? <Text color={theme.warning}>! {session.notice}</Text> : null}
      <Box marginTop={1} flexDirection="column">
        {step === 'menu' ? (
          <SelectInput<Choice>
            key={highlightedIndex}
            items={items}
            isFocused={false}
            initialIndex={highlightedIndex}
            indicatorComponent={({ isSelected }) => (
              <Text color={theme.selection}>{isSelected ? `${theme.selectionGlyph} ` : '  '}</Text>
            )}
            itemComponent={({ isSelected, label }) => (
              <Text color={isSelected ? theme.selection : undefined} bold={isSelected}>
                {label}
              </Text>
            )}
          />
        ) : null}
        {step === 'browser' ? <BrowserStep url={session.approval?.url} busy={session.busy} /> : null}
        {step === 'password' ? (
          <>
            <Text>Sign in with your user name and password.</Text>
            {signInHint ? <Text color={theme.muted}>{signInHint}</Text> : null}
            <TextField label="User name:" value={username} onChange={setUsername} focused={field === 0} />
            <TextField label="Password: " value={password} onChange={setPassword} focused={field === 1} mask="*" />
            {session.busy ? <Spinner label="Signing in…" /> : null}
          </>
        ) : null}
        {step === 'token' ? (
          <>
            <Text>Paste a request token that was approved in a browser, then press {keyHint('form.submit')}.</Text>
            <TextField label="Request token:" value={token} onChange={setToken} focused width={60} />
            {session.busy ? <Spinner label="Creating the session…" /> : null}
          </>
        ) : null}
        {step === 'menu' && confirmingSignOut ? (
          <Box marginTop={1}>
            <Confirm
              question={signOutQuestion(session.current)}
              onYes={() => void signOut()}
              onNo={() => setConfirmingSignOut(false)}
              busy={session.busy}
              busyLabel="Signing out…"
            />
          </Box>
        ) : null}
        {step === 'menu' && session.busy && !confirmingSignOut ? <Spinner label="Working…" /> : null}
      </Box>
      {session.error ? (
        <Box marginTop={1}>
          <Text color={theme.danger}>✗ {session.error}</Text>
        </Box>
      ) : null}
      {confirmingSignOut ? null : (
        <Box marginTop={1}>
          <Text color={theme.muted}>{hintFor(step)}</Text>
        </Box>
      )}
    </Box>
  );
}

function BrowserStep({ url, busy }: { url: string | undefined; busy: boolean }) {
  const theme = useTheme();
  if (!url) return busy ? <Spinner label="Asking the service for a request token…" /> : <Text>Press {keyHint('form.submit')} to ask for a new request token.</Text>;
  return (
    <Box flexDirection="column">
      <Text>1. Open this address (Marquee has tried to open it in your browser):</Text>
      <Text bold color={theme.accent}>
        {url}
      </Text>
      <Text>2. Approve the request there.</Text>
      <Text>3. Come back here and press {keyHint('form.submit')}.</Text>
      {busy ? <Spinner label="Creating the session…" /> : null}
    </Box>
  );
}

function hintFor(step: Step): string {
  const arrow = { arrow: true };
  switch (step) {
    case 'menu':
      return `${keyPairHint('list.down', 'list.up')} or ${keyPairHint('list.up', 'list.down', arrow)} choose · ${hintLine(['form.submit', 'confirms'], ['form.back', 'closes'])}`;
    case 'browser':
      return hintLine(['form.submit', 'once approved'], ['form.back', 'back']);
    case 'password':
      return `${keyHint('form.next')} or ${keyPairHint('form.previous', 'form.next', arrow)} moves between fields · ${hintLine(['form.submit', 'on the password signs in'], ['form.back', 'back'])}`;
    case 'token':
      return hintLine(['form.submit', 'creates the session'], ['form.back', 'back']);
  }
}
