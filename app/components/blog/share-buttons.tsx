import { Icon, type IconName } from '~/components/icon';
import { toast } from '~/components/ui/use-toast';
import { articlePage } from '~/content/pages/blog';
import { shareTargets, type ShareTarget } from '~/lib/share';

// lucide has no brand marks; ours are in the same sprite (app/assets/brand-marks.svg).
const icons: Record<ShareTarget['network'], IconName> = {
  linkedin: 'linkedin',
  facebook: 'facebook',
  x: 'x-logo',
  email: 'mail',
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
                <Icon name={icons[target.network]} />
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
            <Icon name="link-2" />
            {labels.copyLink}
          </button>
        </li>
      </ul>
    </div>
  );
}
