import { type AgentRecord, UPLOAD_KINDS } from '@portal/shared';
import type * as React from 'react';
import { MediaGallery } from '@/components/media/media-gallery';
import type { ListKind } from '@/components/media/media-kinds';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FileUpload } from '@/components/upload/file-upload';

/** One list of files on an onboarding page: what it is for, the uploader, the files so far. */
export function MediaListSection({
  agent,
  kind,
  title,
  description,
  uploadLabel,
}: {
  agent: AgentRecord;
  kind: ListKind;
  title: string;
  description: React.ReactNode;
  /** The file picker's button ("Add headshots"). */
  uploadLabel: string;
}) {
  const urls = agent[UPLOAD_KINDS[kind].field];
  return (
    <Card className="p-4 sm:p-6">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <FileUpload kind={kind} label={uploadLabel} />
        <MediaGallery kind={kind} urls={urls} />
      </CardContent>
    </Card>
  );
}
