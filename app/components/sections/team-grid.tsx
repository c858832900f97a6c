import { Icon } from '~/components/icon';
import { LazyImage, type ImageAsset } from '~/components/lazy-image';

export interface TeamMember {
  name: string;
  title: string;
  description: string;
  image: ImageAsset;
  email: string;
  phoneDisplay: string;
  phoneE164: string;
  linkedin: string;
}

export interface TeamLinkLabels {
  /** e.g. 'Send e-mail til' (the name is appended for screen readers). */
  email: string;
  call: string;
  profile: string;
  /** Appended to the profile link's accessible name, e.g. '(åbner i et nyt vindue)'. */
  newWindow: string;
}

/** Employee cards with e-mail, phone and a professional-network profile (opens in a new tab, safely). */
export function TeamGrid({ members, labels }: { members: readonly TeamMember[]; labels: TeamLinkLabels }) {
  const link =
    'inline-flex min-h-11 items-center gap-2 rounded-lg px-3 font-semibold text-brand-800 ring-1 ring-slate-200 hover:bg-brand-50';
  return (
    <ul className="grid gap-8 md:grid-cols-3">
      {members.map((member) => (
        <li
          key={member.email}
          className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
        >
          <div className="flex justify-center bg-gradient-to-b from-brand-50 to-white pt-8">
            <LazyImage
              image={member.image}
              className="size-32 rounded-full object-cover shadow-sm ring-4 ring-white"
            />
          </div>
          <div className="flex flex-1 flex-col gap-3 p-6 pt-5">
            <div>
              <h3 className="text-xl font-bold text-brand-950">{member.name}</h3>
              <p className="font-semibold text-brand-700">{member.title}</p>
            </div>
            <p className="text-slate-700">{member.description}</p>
            <div className="mt-auto flex flex-wrap gap-2 pt-2">
              <a
                href={`mailto:${member.email}`}
                className={link}
                aria-label={`${labels.email} ${member.name}`}
              >
                <Icon name="mail" className="size-5" />
                E-mail
              </a>
              <a
                href={`tel:${member.phoneE164}`}
                className={link}
                aria-label={`${labels.call} ${member.name} på ${member.phoneDisplay}`}
              >
                <Icon name="phone" className="size-5" />
                {member.phoneDisplay}
              </a>
              <a
                href={member.linkedin}
                target="_blank"
                rel="noopener noreferrer"
                className={link}
                aria-label={`${labels.profile} ${member.name} ${labels.newWindow}`}
              >
                <Icon name="linkedin" width={20} height={20} />
                LinkedIn
              </a>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
