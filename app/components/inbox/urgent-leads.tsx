import { Icon } from '~/components/icon';
import { inboxPagesText } from '~/content/inbox-pages';
import { LeadCard, type ListLead } from './lead-list-rows';

const text = inboxPagesText.list;

/** The new emergencies, in a red block above the list. */
export function UrgentLeads({ leads }: { leads: ListLead[] }) {
  return (
    <section
      aria-labelledby="urgent-heading"
      className="grid min-w-0 gap-3 rounded-2xl border-2 border-emergency-700 bg-emergency-50 p-4 sm:p-5"
    >
      <h2 id="urgent-heading" className="flex items-center gap-2 text-xl font-bold text-emergency-900">
        <Icon name="siren" className="size-6" />
        {text.urgentHeading} ({leads.length})
      </h2>
      <p className="text-emergency-900">{text.urgentIntro}</p>
      <ul className="grid gap-3 lg:grid-cols-2">
        {leads.map((lead) => (
          <LeadCard key={lead.id} lead={lead} linkGroup="urgent" />
        ))}
      </ul>
    </section>
  );
}
