import { useRef, useState, type FormEvent } from 'react';
import { Icon } from '~/components/icon';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Textarea } from '~/components/ui/textarea';
import { inboxPagesText } from '~/content/inbox-pages';
import { staffApi } from '../api';
import { formatDateTime, isoDateTime } from '../shared/format';
import { Card } from '../shared/card';
import type { LeadDetail, LeadNote } from '../../../../domain/staff-api/leads';
import { useBusy } from '../shared/use-busy';

const text = inboxPagesText.lead;

/** The staff's notes on the lead, and a form to add one. */
export function Notes({
  lead,
  onAdded,
  onError,
}: {
  lead: LeadDetail;
  onAdded: (note: LeadNote) => void;
  onError: (error: unknown) => void;
}) {
  const [busy, run] = useBusy(onError);
  const [missing, setMissing] = useState(false);
  const fieldRef = useRef<HTMLTextAreaElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = fieldRef.current?.value.trim() ?? '';
    if (!body) {
      setMissing(true);
      fieldRef.current?.focus();
      return;
    }
    setMissing(false);
    await run(async () => {
      const { note } = await staffApi.addNote(lead.id, body);
      if (fieldRef.current) fieldRef.current.value = '';
      onAdded(note);
    });
  };

  return (
    <Card id="notes" heading={text.notesHeading} print="sheet">
      {lead.notes.length === 0 ? (
        <p className="text-slate-700">{text.noNotes}</p>
      ) : (
        <ol className="grid gap-3">
          {lead.notes.map((note) => (
            <li key={note.id} className="grid min-w-0 gap-1 rounded-lg bg-slate-50 p-3 print:p-0">
              <p className="text-sm wrap-anywhere text-slate-700">
                <strong className="font-semibold text-slate-900">{note.authorName}</strong> ·{' '}
                <time dateTime={isoDateTime(note.createdAt)}>{formatDateTime(note.createdAt)}</time>
              </p>
              <p className="wrap-anywhere whitespace-pre-line text-slate-900 print:text-sm">{note.body}</p>
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={submit} noValidate className="grid gap-3 print:hidden">
        <FormField
          id="note-body"
          label={text.noteLabel}
          hint={text.noteHint}
          error={missing ? text.noteMissing : undefined}
        >
          {(control) => <Textarea {...control} ref={fieldRef} name="body" rows={3} />}
        </FormField>
        <Button type="submit" variant="outline" className="justify-self-start" disabled={busy}>
          <Icon name="notebook-pen" />
          {busy ? text.addingNote : text.addNote}
        </Button>
      </form>
    </Card>
  );
}
