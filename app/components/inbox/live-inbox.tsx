import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '~/components/ui/button';
import { inboxPaths } from '~/content/inbox';
import { liveInboxText } from '~/content/inbox-pages';
import { staffApi } from './api';
import { pollWhileVisible } from './shared/poll-while-visible';
import type { LiveAnswer } from '../../../domain/staff-api/oncall';

const text = liveInboxText;

/** How often the open inbox asks GET /api/staff/live (a new lead shows within this time). */
export const livePollMs = 5000;

/** The tab's title with the number of emergencies nobody has taken in front: '(2) Henvendelser | Indbakke'. */
export function countedTitle(title: string, count: number): string {
  const plain = title.replace(/^\(\d+\) /, '');
  return count > 0 ? `(${count}) ${plain}` : plain;
}

/** A short two-note tone through the Web Audio API (no sound file). */
export function playTone(context: AudioContext): void {
  const start = context.currentTime;
  const gain = context.createGain();
  gain.connect(context.destination);
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(0.3, start + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.6);
  for (const [frequency, at] of [
    [880, 0],
    [1175, 0.2],
  ] as const) {
    const oscillator = context.createOscillator();
    oscillator.type = 'sine';
    oscillator.frequency.setValueAtTime(frequency, start + at);
    oscillator.connect(gain);
    oscillator.start(start + at);
    oscillator.stop(start + at + 0.35);
  }
}

/**
 * The live inbox: while a page of the inbox is open and visible it asks GET /api/staff/live every
 * 5 s (not while the tab is hidden; at once when it is shown again). A new lead reloads the list
 * and its emergency block in place (the pages shown, the selection and the scroll stay); the tab
 * title counts the emergencies nobody has taken; a new emergency is announced politely and, once
 * staff have allowed it with "Slå lyd til", plays a short tone.
 */
export function LiveInbox() {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const [count, setCount] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const [soundOn, setSoundOn] = useState(false);
  const audio = useRef<AudioContext | null>(null);
  const last = useRef<{ newestLeadId: string | null; open: Set<string> } | null>(null);

  const onAnswer = useEffectEvent((answer: LiveAnswer) => {
    const open = Array.isArray(answer.unacknowledged) ? answer.unacknowledged : [];
    const newestLeadId = typeof answer.newestLeadId === 'string' ? answer.newestLeadId : null;
    setCount(open.length);
    const previous = last.current;
    last.current = { newestLeadId, open: new Set(open.map((lead) => lead.id)) };
    if (!previous) return;
    const arrived = open.filter((lead) => !previous.open.has(lead.id));
    if (arrived.length > 0) {
      setAnnouncement(text.newEmergency(arrived.map((lead) => lead.reference)));
      if (soundOn && audio.current) playTone(audio.current);
    }
    const changed =
      newestLeadId !== previous.newestLeadId || open.length !== previous.open.size || arrived.length > 0;
    if (changed && pathname === inboxPaths.inbox) {
      void navigate(
        { pathname, search, hash },
        { replace: true, preventScrollReset: true, state: { liveRefresh: true } },
      );
    }
  });

  useEffect(
    () =>
      pollWhileVisible(async (signal) => {
        onAnswer(await staffApi.live(signal));
      }, livePollMs),
    [],
  );

  // The page's own title (React Router sets it on every navigation) with the count in front.
  useEffect(() => {
    document.title = countedTitle(document.title, count);
  });

  useEffect(() => () => void audio.current?.close().catch(() => undefined), []);

  const toggleSound = () => {
    if (soundOn) return setSoundOn(false);
    // Created on the button press: browsers allow sound only after a gesture.
    const Context =
      window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Context) return;
    audio.current ??= new Context();
    void audio.current.resume().catch(() => undefined);
    setSoundOn(true);
  };

  return (
    <>
      <Button type="button" variant="ghostLight" size="sm" title={text.soundHint} onClick={toggleSound}>
        {soundOn ? text.soundOff : text.soundOn}
      </Button>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </>
  );
}
