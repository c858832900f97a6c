import { Icon, type IconName } from '~/components/icon';
import { cn } from '~/lib/cn';

export interface ContactMethod {
  icon: IconName;
  title: string;
  description: string;
  /** The number or address, shown as a tel:/mailto: link. */
  link: { label: string; href: string };
  /** Opening hours and similar facts, one per line. */
  details: readonly string[];
  tone?: 'brand' | 'emergency';
}

/** Ways to reach the company (phone, e-mail, emergency line), each with a working link. */
export function ContactMethodGrid({ methods }: { methods: readonly ContactMethod[] }) {
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {methods.map((method) => {
        const emergency = method.tone === 'emergency';
        return (
          <li
            key={method.title}
            className={cn(
              'flex flex-col gap-3 rounded-2xl bg-white p-6 shadow-sm ring-1',
              emergency ? 'ring-emergency-200' : 'ring-slate-200',
            )}
          >
            <span
              className={cn(
                'inline-flex size-12 items-center justify-center rounded-xl',
                emergency ? 'bg-emergency-100 text-emergency-700' : 'bg-brand-100 text-brand-700',
              )}
            >
              <Icon name={method.icon} className="size-6" />
            </span>
            <h3 className="text-xl font-bold text-brand-950">{method.title}</h3>
            <p className="text-slate-700">{method.description}</p>
            <a
              href={method.link.href}
              className={cn(
                'text-lg font-bold wrap-anywhere underline-offset-4 hover:underline',
                emergency ? 'text-emergency-700' : 'text-brand-800',
              )}
            >
              {method.link.label}
            </a>
            <ul className="mt-auto grid gap-1 text-sm text-slate-600">
              {method.details.map((detail) => (
                <li key={detail}>{detail}</li>
              ))}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}
