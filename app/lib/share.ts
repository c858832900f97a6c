/** Share links for an article: plain URLs, no third-party scripts. */
export interface ShareTarget {
  network: 'linkedin' | 'facebook' | 'x' | 'email';
  href: string;
}

export function shareTargets({
  url,
  title,
  emailBody,
}: {
  url: string;
  title: string;
  emailBody: string;
}): ShareTarget[] {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { network: 'linkedin', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { network: 'facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { network: 'x', href: `https://x.com/intent/tweet?url=${u}&text=${t}` },
    {
      network: 'email',
      href: `mailto:?subject=${t}&body=${encodeURIComponent(`${emailBody}\n\n${url}`)}`,
    },
  ];
}
