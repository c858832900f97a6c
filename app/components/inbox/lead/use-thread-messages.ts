import { useEffect, useState } from 'react';
import type { LeadMessage } from '../../../../domain/staff-api/messages';

/**
 * A thread's messages on the lead page, read with `read` again whenever the lead or its version
 * changes. An answer without a list (an older server) reads as no messages; a read that fails is
 * `readFailed`, not "no messages": staff must not think nobody wrote.
 */
export function useThreadMessages(
  read: (leadId: string, signal: AbortSignal) => Promise<{ messages?: LeadMessage[] } | undefined>,
  leadId: string,
  version: string | null | undefined,
) {
  const [messages, setMessages] = useState<LeadMessage[]>([]);
  const [readFailed, setReadFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    read(leadId, controller.signal).then(
      (answer) => {
        setMessages(Array.isArray(answer?.messages) ? answer.messages : []);
        setReadFailed(false);
      },
      () => {
        if (!controller.signal.aborted) setReadFailed(true);
      },
    );
    return () => controller.abort();
  }, [read, leadId, version]);

  return { messages, setMessages, readFailed };
}
