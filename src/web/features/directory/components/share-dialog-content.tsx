import { Camera, Check, Copy, Share2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { PublicMember } from '../../../../domain/members/contracts';
import { displayName } from '../../../../domain/members/display-name';
import { Button, buttonClass } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { Input, Label } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { useAuthConfig } from '../../../lib/auth/auth-queries';

const COPIED_MS = 2000;

export function useProfileUrl(slug: string): string {
  const { data } = useAuthConfig();
  return `${data?.publicUrl ?? window.location.origin}/member/${slug}`;
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export default function ShareDialogContent({
  member,
  onOpenChange,
}: {
  member: PublicMember;
  onOpenChange: (open: boolean) => void;
}) {
  const url = useProfileUrl(member.slug);
  const name = displayName(member);
  const [copied, setCopied] = useState(false);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const encoded = encodeURIComponent(url);
  const text = encodeURIComponent(`${name}${member.businessName ? ` of ${member.businessName}` : ''}`);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    if (await copyText(url)) {
      setCopied(true);
      toast({ title: 'Copied to clipboard', description: 'Profile URL has been copied to your clipboard.' });
    } else {
      toast({
        title: 'Failed to copy',
        description: 'Unable to copy URL to clipboard.',
        variant: 'destructive',
      });
    }
  };

  const nativeShare = async () => {
    try {
      await navigator.share({ title: name, text: decodeURIComponent(text), url });
    } catch (err) {
      if ((err as Error)?.name === 'AbortError') return;
      toast({ title: 'Share failed', description: 'Unable to share profile.', variant: 'destructive' });
    }
  };

  const copyForInstagram = async () => {
    if (await copyText(url)) {
      toast({
        title: 'URL copied for Instagram',
        description: 'Paste this URL in your Instagram post or story.',
      });
    } else {
      toast({
        title: 'Failed to copy',
        description: 'Unable to copy URL to clipboard.',
        variant: 'destructive',
      });
    }
  };

  const networks = [
    { name: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${encoded}` },
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${encoded}` },
    { name: 'X', href: `https://twitter.com/intent/tweet?url=${encoded}&text=${text}` },
  ];

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>Share {name}&apos;s profile</DialogTitle>
        <DialogDescription>Anyone with this link can see the public profile.</DialogDescription>
        <div className="space-y-1">
          <Label htmlFor={`share-url-${member.id}`}>Profile URL</Label>
          <div className="flex gap-2">
            <Input
              id={`share-url-${member.id}`}
              readOnly
              value={url}
              onFocus={(e) => e.currentTarget.select()}
            />
            <Button
              type="button"
              variant="outline"
              size="icon"
              onClick={copy}
              aria-label={copied ? 'Copied' : 'Copy link'}
            >
              {copied ? <Check className="text-green-600" /> : <Copy />}
            </Button>
          </div>
        </div>
        {canShare && (
          <Button type="button" onClick={nativeShare}>
            <Share2 aria-hidden /> Share…
          </Button>
        )}
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {networks.map((n) => (
            <a
              key={n.name}
              href={n.href}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass({ variant: 'outline', size: 'sm' })}
            >
              {n.name}
            </a>
          ))}
          <Button type="button" variant="outline" size="sm" onClick={copyForInstagram}>
            <Camera aria-hidden /> Instagram
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
