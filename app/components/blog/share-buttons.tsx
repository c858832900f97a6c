import { Link2, Mail } from 'lucide-react';
import type { ComponentType } from 'react';
import { FacebookIcon, LinkedInIcon } from '~/components/social-icons';
import { toast } from '~/components/ui/use-toast';
import { articlePage } from '~/content/pages/blog';
import { shareTargets, type ShareTarget } from '~/lib/share';

// lucide has no brand marks; X's is drawn here like the two in social-icons.tsx.
function XIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="currentColor">
      <path d="M17.75 3h3.07l-6.71 7.67L22 21h-6.18l-4.84-6.33L5.44 21H2.37l7.18-8.2L2 3h6.34l4.37 5.78L17.75 3Zm-1.08 16.18h1.7L7.4 4.72H5.58l11.09 14.46Z" />
    </svg>
  );
}

function MailIcon() {
  return <Mail aria-hidden="true" />;
}

const icons: Record<ShareTarget['network'], ComponentType> = {
  linkedin: LinkedInIcon,
  facebook: FacebookIcon,
  x: XIcon,
  email: MailIcon,
};

const buttonClass =
  'inline-flex size-11 items-center justify-center rounded-full bg-white text-brand-800 ring-1 ring-slate-300 transition-colors hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500 [&_svg]:size-5';

/**
 * Share links for the networks and e-mail (real links: they work without JavaScript), plus a
 * copy-link button confirming with a toast.
 */
export function ShareButtons({ url, title }: { url: string; title: string }) {
  const labels = articlePage.share;
  const targets = shareTargets({ url, title, emailBody: labels.emailBody(title) });

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(url);
      toast(labels.copied);
    } catch {
      toast({ ...labels.copyFailed, variant: 'destructive' });
    }
  }

  return (
    <div className="grid gap-3">
      <h2 className="text-base font-bold text-brand-950">{labels.title}</h2>
      <ul className="flex flex-wrap items-center gap-3">
        {targets.map((target) => {
          const Icon = icons[target.network];
          const isEmail = target.network === 'email';
          return (
            <li key={target.network}>
              <a
                href={target.href}
                className={buttonClass}
                data-share={target.network}
                title={labels.networks[target.network]}
                // E-mail opens the mail program; the networks open in a new tab, without access to this page.
                {...(isEmail ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
                aria-label={
                  isEmail ? labels.networks.email : `${labels.networks[target.network]} ${labels.newWindow}`
                }
              >
                <Icon />
              </a>
            </li>
          );
        })}
        <li>
          <button
            type="button"
            onClick={copyLink}
            className={`${buttonClass} w-auto gap-2 px-4 font-semibold`}
          >
            <Link2 aria-hidden="true" />
            {labels.copyLink}
          </button>
        </li>
      </ul>
    </div>
  );
}
