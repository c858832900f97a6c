import { useEffect, useEffectEvent, useState } from 'react';
import { dryingLogText } from '~/content/inbox-casework-drying';
import { errorMessage, isUnauthorized, staffRequest } from '../../api';
import { LiveMessage } from '../../shared/live-message';
import { Card } from '../../shared/card';
import { DryingCurveView } from './drying-curve-view';
import { DryingEntryForm } from './drying-entry-form';
import { curveName, dryingCurves, formatMoisture } from '../../../../../domain/drying-curve';
import type {
  MoistureBody,
  MoistureReading,
  MoistureReadingsAnswer,
} from '../../../../../domain/staff-api/moisture';
import { useBusy } from '../../shared/use-busy';

const text = dryingLogText;
const path = (leadId: string) => `/api/staff/leads/${encodeURIComponent(leadId)}/moisture`;

/** The drying log's calls of the staff API (domain/staff-api/moisture.ts). */
const dryingApi = {
  readings: (leadId: string, signal?: AbortSignal) =>
    staffRequest<MoistureReadingsAnswer>('GET', path(leadId), undefined, signal),
  record: (leadId: string, body: MoistureBody) =>
    staffRequest<{ reading: MoistureReading }>('POST', path(leadId), body),
  withdraw: (leadId: string, readingId: string) =>
    staffRequest<{ ok: true }>('DELETE', `${path(leadId)}/${encodeURIComponent(readingId)}`),
};

/**
 * The lead page's drying log: a curve per measuring point and unit with the table of its
 * readings, a withdraw button per reading, and the quick entry of a new one.
 */
export function DryingLog({ leadId, onError }: { leadId: string; onError: (error: unknown) => void }) {
  const [readings, setReadings] = useState<MoistureReading[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [busy, run] = useBusy(onError);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The page hands a new callback on every render; the readings load once per lead.
  const onLoadError = useEffectEvent((caught: unknown) => onError(caught));

  useEffect(() => {
    const controller = new AbortController();
    dryingApi.readings(leadId, controller.signal).then(
      (answer) => setReadings(answer.readings),
      (caught: unknown) => {
        if (controller.signal.aborted) return;
        if (isUnauthorized(caught)) onLoadError(caught);
        else setLoadFailed(true);
      },
    );
    return () => controller.abort();
  }, [leadId]);

  const refresh = async () => setReadings((await dryingApi.readings(leadId)).readings);
  const failed = (caught: unknown) => {
    if (isUnauthorized(caught)) onError(caught);
    else setError(errorMessage(caught));
  };

  // Resolves once the reading is saved, not after the curves reload: the form empties its value
  // in the same render as the receipt, so a next value typed meanwhile is never wiped.
  const record = async (body: MoistureBody) => {
    setMessage(null);
    setError(null);
    try {
      const { reading } = await dryingApi.record(leadId, body);
      setMessage(text.saved(formatMoisture(reading.value, reading.unit), curveName(reading)));
    } catch (caught) {
      failed(caught);
      throw caught;
    }
    refresh().catch(failed);
  };

  const withdraw = async (reading: MoistureReading) => {
    setMessage(null);
    setError(null);
    await run(async () => {
      await dryingApi.withdraw(leadId, reading.id);
      setMessage(text.withdrawn(formatMoisture(reading.value, reading.unit)));
      await refresh();
    }, failed);
  };

  const curves = dryingCurves(readings ?? []);
  return (
    <Card id="drying" heading={text.heading} print="hidden">
      {loadFailed ? (
        <p>{text.loadFailed}</p>
      ) : readings === null ? (
        <p className="text-slate-700">{text.loading}</p>
      ) : curves.length === 0 ? (
        <p className="text-slate-700">{text.empty}</p>
      ) : (
        <>
          <p className="text-sm text-slate-700">{text.intro}</p>
          {curves.map((curve, index) => (
            <DryingCurveView
              key={`${curve.room}\u0000${curve.point}\u0000${curve.unit}`}
              curve={curve}
              id={`drying-curve-${index}`}
              busy={busy}
              onWithdraw={(reading) => void withdraw(reading)}
            />
          ))}
        </>
      )}
      <LiveMessage message={error} tone="error" />
      <LiveMessage message={message} />
      {loadFailed ? null : <DryingEntryForm leadId={leadId} readings={readings ?? []} onSave={record} />}
    </Card>
  );
}
