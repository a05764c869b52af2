import { Camera, Lock, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { AuthUser } from '../../../../domain/auth/contracts';
import { isPictureType, PICTURE_MAX_BYTES, PICTURE_MESSAGES } from '../../../../domain/profile/picture';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast-store';
import { useUndoableAction } from '../../../components/ui/undo';
import { UserAvatar } from '../../../components/user-avatar';
import { ApiError } from '../../../lib/api';
import { cn } from '../../../lib/utils';
import { useRemovePicture, useUploadPicture } from '../api/profile-queries';

const reason = (err: unknown) =>
  err instanceof ApiError && err.serverMessage ? err.serverMessage : 'Failed to upload image';

/** The profile picture widget: 96 px avatar, camera to upload, red button to remove. */
function PictureWidget({ user }: { user: AuthUser }) {
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const upload = useUploadPicture();
  const remove = useRemovePicture();
  const removal = useUndoableAction();
  const uploadButton = useRef<HTMLButtonElement>(null);
  const busy = upload.isPending || remove.isPending;
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const choose = (file: File | undefined) => {
    if (!file) return;
    // Checked here, before anything is sent; the server checks again.
    if (!isPictureType(file.type)) {
      toast({
        title: PICTURE_MESSAGES.invalidType,
        description: PICTURE_MESSAGES.invalidTypeDetail,
        variant: 'destructive',
      });
      return;
    }
    if (file.size > PICTURE_MAX_BYTES) {
      toast({
        title: PICTURE_MESSAGES.tooLarge,
        description: PICTURE_MESSAGES.tooLargeDetail,
        variant: 'destructive',
      });
      return;
    }
    setPreview(URL.createObjectURL(file));
    upload.mutate(file, {
      onSuccess: () =>
        toast({
          title: 'Profile picture updated',
          description: 'Your profile picture has been successfully updated.',
        }),
      onError: (err) =>
        toast({
          title: 'Upload failed',
          description: `There was an error uploading your profile picture: ${reason(err)}`,
          variant: 'destructive',
        }),
      onSettled: () => setPreview(null),
    });
  };

  // Removing is final (the file is deleted): the picture leaves the screen at once and Undo brings it back.
  const removePicture = () =>
    removal.hold({
      title: 'Profile picture removed',
      description: 'Your profile picture has been removed.',
      send: () => remove.mutateAsync(),
      onFailed: (err) =>
        toast({
          title: 'Failed to remove',
          description: `There was an error removing your profile picture: ${reason(err)}`,
          variant: 'destructive',
        }),
      moveFocusTo: uploadButton.current,
    });

  const shown = preview
    ? { ...user, profileImageUrl: preview }
    : removal.held
      ? { ...user, profileImageUrl: null }
      : user;
  return (
    <div className="flex items-center gap-4">
      <div className={cn('relative shrink-0', busy && 'opacity-70')} aria-busy={busy || undefined}>
        <UserAvatar person={shown} size="lg" />
        <button
          ref={uploadButton}
          type="button"
          onClick={() => input.current?.click()}
          disabled={busy}
          aria-label="Upload a profile picture"
          className="absolute -right-2 -bottom-2 flex size-11 items-center justify-center rounded-full bg-brand-700 text-white shadow focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:opacity-50"
        >
          <Camera aria-hidden className="size-5" />
        </button>
        <input
          ref={input}
          type="file"
          accept="image/*"
          className="sr-only"
          tabIndex={-1}
          aria-label="Profile picture file"
          onChange={(e) => {
            choose(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </div>
      <div className="space-y-2">
        <p className="text-sm text-slate-600">Click camera to upload • Max 5MB • JPG, PNG, GIF</p>
        {user.profileImageUrl && !preview && !removal.held && (
          // A labelled button of its own, 44 px tall, not a 20 px cross on the picture's corner.
          <Button
            ref={removal.focusOnUndo}
            variant="destructive"
            className="min-h-11"
            disabled={busy}
            onClick={removePicture}
          >
            <X aria-hidden /> Remove profile picture
          </Button>
        )}
      </div>
    </div>
  );
}

/** Account Settings (everyone): the picture and the read-only account email. */
export default function AccountSettingsTab({ user }: { user: AuthUser }) {
  return (
    <Card className="max-w-2xl space-y-6 p-4 sm:p-6">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Professional Photo</h2>
        <div className="mt-3">
          <PictureWidget user={user} />
        </div>
      </div>
      {/* Shown as text, not as a read-only box that looks like it takes typing. */}
      <dl className="space-y-1">
        <dt className="text-sm font-medium text-slate-800">Account email</dt>
        <dd className="flex items-center gap-2 text-slate-900" data-testid="account-email">
          <Lock aria-hidden className="size-4 shrink-0 text-slate-500" />
          {user.email}
        </dd>
        <dd className="text-sm text-slate-600">Contact support to change this email</dd>
      </dl>
    </Card>
  );
}
