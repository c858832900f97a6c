import { useEffect, useState } from 'react';
import { errorMessage, staffRequest } from '../api';

/**
 * What a panel on the Beredskab page shows from the staff API: read from `path` when the panel
 * shows, replaced by the answer to a change (the panel busy meanwhile). A failure to read or to
 * change is said in `failure`; `change` answers whether it went through.
 */
export function usePanelResource<Answer>(path: string, loadFailed: string) {
  const [state, setState] = useState<Answer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    staffRequest<Answer>('GET', path, undefined, controller.signal).then(setState, (error: unknown) => {
      if (!controller.signal.aborted) setFailure(loadFailed + ' ' + errorMessage(error));
    });
    return () => controller.abort();
  }, [path, loadFailed]);

  const change = async (method: 'POST' | 'PUT' | 'DELETE', body: unknown): Promise<boolean> => {
    setBusy(true);
    try {
      setState(await staffRequest<Answer>(method, path, body));
      setFailure(null);
      return true;
    } catch (error) {
      setFailure(errorMessage(error));
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { state, failure, busy, change };
}
