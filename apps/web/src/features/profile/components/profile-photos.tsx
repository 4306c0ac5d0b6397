import { type AgentRecord, THUMB_IMAGE_SIZE, UPLOAD_KINDS, WEB_IMAGE_SIZE } from '@portal/shared';
import { Trash } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { MediaDeleteDialog } from '@/components/media/media-delete-dialog';
import type { SingleImageKind } from '@/components/media/media-kinds';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardTitle } from '@/components/ui/card';
import { FileUpload } from '@/components/upload/file-upload';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { thumbnailUrl, useDeleteMedia } from '@/lib/media-api';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';

const PHOTOS: { kind: SingleImageKind; description: string; shape: string }[] = [
  { kind: 'cover_image', description: 'A wide image, such as you in your area.', shape: 'aspect-[3/1]' },
  {
    kind: 'profile_image',
    description:
      'The portrait on your profile. Your headshots are the photos for your advertising; until you choose a profile image, your first headshot is used here.',
    shape: 'aspect-square',
  },
  {
    kind: 'coffee_image',
    description: 'An informal photo of you, for example over a coffee.',
    shape: 'aspect-[4/3]',
  },
];

/** One single image: the current one (or none), a way to replace it and to delete it. */
function SingleImage({
  agent,
  kind,
  description,
  shape,
}: {
  agent: AgentRecord;
  kind: SingleImageKind;
  description: string;
  shape: string;
}) {
  const spec = UPLOAD_KINDS[kind];
  const url = agent[spec.field];
  const headshot = agent.agent_headshots_urls[0];
  const remove = useDeleteMedia();
  const [confirming, setConfirming] = useState(false);
  const name = spec.label.toLowerCase();

  const confirmDelete = () =>
    remove.mutate(url, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(`${spec.label} deleted.`);
      },
      onError: (error) => {
        setConfirming(false);
        toast.error(`The ${name} was not deleted. ${errorMessage(error, 'Please try again.')}`);
      },
    });

  return (
    <Card className="gap-3">
      <CardTitle as="h3">{spec.label}</CardTitle>
      <CardDescription>{description}</CardDescription>
      <CardContent>
        {url ? (
          <div className="grid gap-2">
            <img
              src={url}
              alt={`Your ${name}`}
              className={cn('w-full rounded-md bg-muted object-cover', shape)}
            />
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="justify-self-start text-destructive"
              onClick={() => setConfirming(true)}
            >
              <Trash aria-hidden="true" />
              Delete <span className="sr-only">your {name}</span>
            </Button>
          </div>
        ) : kind === 'profile_image' && headshot ? (
          // The headshot the portal uses stands in: one photo, not "no image" beside two headshots.
          <div className="grid gap-2">
            <img
              src={headshot}
              srcSet={`${thumbnailUrl(headshot)} ${THUMB_IMAGE_SIZE}w, ${headshot} ${WEB_IMAGE_SIZE}w`}
              sizes="(min-width: 1280px) 20rem, (min-width: 1024px) 30vw, 90vw"
              alt="Your first headshot"
              className={cn('w-full rounded-md bg-muted object-contain', shape)}
            />
            <p className="text-sm text-muted-foreground">
              Your first headshot is used as your profile image. Choose a profile image to use another photo
              here, or change the order of your{' '}
              <Link to={paths.onboardingPage.href('media/headshots')}>headshots</Link>.
            </p>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">You have no {name} yet.</p>
        )}
        <FileUpload kind={kind} label={url ? `Replace the ${name}` : `Choose a ${name}`} />
      </CardContent>
      <MediaDeleteDialog
        open={confirming}
        onOpenChange={setConfirming}
        noun="photo"
        itemName={`Your ${name}`}
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </Card>
  );
}

/** The three single images of the profile: cover, profile and coffee. */
export function ProfilePhotos() {
  const agent = useAuth().me?.agent_profile ?? null;
  return (
    <section aria-labelledby="profile-photos" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="profile-photos" className="text-2xl font-semibold tracking-tight">
          Photos
        </h2>
        <p className="text-muted-foreground">
          The images on your profile. A new upload replaces the current image.
        </p>
      </div>
      {agent ? (
        <div className="grid gap-4 lg:grid-cols-3 xl:grid-cols-1">
          {PHOTOS.map((photo) => (
            <SingleImage key={photo.kind} agent={agent} {...photo} />
          ))}
        </div>
      ) : (
        <Alert variant="destructive">
          <AlertDescription>
            <p>Photos are kept with an agent profile, and this account has none.</p>
          </AlertDescription>
        </Alert>
      )}
    </section>
  );
}
