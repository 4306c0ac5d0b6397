import { z } from 'zod';

/**
 * Upload kinds (issue: file storage): what each accepts, how large, and which field of the
 * agent record it fills. The server enforces these; the client uses them to refuse early.
 */
const MB = 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'] as const;
export const DOCUMENT_TYPES = ['application/pdf'] as const;

export interface UploadKindSpec {
  label: string;
  /** The agent-record field the confirmed file's URL goes into. */
  field:
    | 'agent_headshots_urls'
    | 'other_photos_urls'
    | 'brokerage_logo_urls'
    | 'team_logo_urls'
    | 'agent_image_cover_url'
    | 'agent_image_profile_url'
    | 'agent_image_coffee_url'
    | 'eo_certificate'
    | 'videos_fsbo_urls'
    | 'videos_others_urls';
  /** A list of files, or a single file that a new upload replaces. */
  multiple: boolean;
  contentTypes: readonly string[];
  maxBytes: number;
  /** Images get a resized web version for display. */
  image: boolean;
}

export const UPLOAD_KINDS = {
  headshot: {
    label: 'Headshot',
    field: 'agent_headshots_urls',
    multiple: true,
    contentTypes: IMAGE_TYPES,
    maxBytes: 20 * MB,
    image: true,
  },
  additional_photo: {
    label: 'Additional photo',
    field: 'other_photos_urls',
    multiple: true,
    contentTypes: IMAGE_TYPES,
    maxBytes: 20 * MB,
    image: true,
  },
  brokerage_logo: {
    label: 'Brokerage logo',
    field: 'brokerage_logo_urls',
    multiple: true,
    contentTypes: IMAGE_TYPES,
    maxBytes: 5 * MB,
    image: true,
  },
  team_logo: {
    label: 'Team logo',
    field: 'team_logo_urls',
    multiple: true,
    contentTypes: IMAGE_TYPES,
    maxBytes: 5 * MB,
    image: true,
  },
  cover_image: {
    label: 'Cover image',
    field: 'agent_image_cover_url',
    multiple: false,
    contentTypes: IMAGE_TYPES,
    maxBytes: 20 * MB,
    image: true,
  },
  profile_image: {
    label: 'Profile image',
    field: 'agent_image_profile_url',
    multiple: false,
    contentTypes: IMAGE_TYPES,
    maxBytes: 20 * MB,
    image: true,
  },
  coffee_image: {
    label: 'Coffee image',
    field: 'agent_image_coffee_url',
    multiple: false,
    contentTypes: IMAGE_TYPES,
    maxBytes: 20 * MB,
    image: true,
  },
  eo_certificate: {
    label: 'E&O certificate',
    field: 'eo_certificate',
    multiple: false,
    contentTypes: [...DOCUMENT_TYPES, ...IMAGE_TYPES],
    maxBytes: 20 * MB,
    image: false,
  },
  fsbo_video: {
    label: 'FSBO video',
    field: 'videos_fsbo_urls',
    multiple: true,
    contentTypes: VIDEO_TYPES,
    maxBytes: 2048 * MB,
    image: false,
  },
  other_video: {
    label: 'Video',
    field: 'videos_others_urls',
    multiple: true,
    contentTypes: VIDEO_TYPES,
    maxBytes: 2048 * MB,
    image: false,
  },
} as const satisfies Record<string, UploadKindSpec>;

export type UploadKind = keyof typeof UPLOAD_KINDS;
export const UPLOAD_KIND_NAMES = Object.keys(UPLOAD_KINDS) as [UploadKind, ...UploadKind[]];

export const formatBytes = (bytes: number) =>
  bytes >= 1024 * MB
    ? `${(bytes / (1024 * MB)).toFixed(0)} GB`
    : bytes >= MB
      ? `${Math.round(bytes / MB)} MB`
      : `${Math.ceil(bytes / 1024)} KB`;

/** Why a file cannot be sent, before sending it (the server says the same). */
export function uploadProblem(kind: UploadKind, file: { type: string; size: number }): string | null {
  const spec: UploadKindSpec = UPLOAD_KINDS[kind];
  if (!spec.contentTypes.includes(file.type)) {
    return `${spec.label}: this type of file is not accepted. Use ${describeTypes(spec.contentTypes)}.`;
  }
  if (file.size <= 0) return `${spec.label}: the file is empty.`;
  if (file.size > spec.maxBytes)
    return `${spec.label}: the file is larger than ${formatBytes(spec.maxBytes)}.`;
  return null;
}

const TYPE_NAMES: Record<string, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'video/mp4': 'MP4',
  'video/quicktime': 'MOV',
  'video/webm': 'WebM',
  'application/pdf': 'PDF',
};
export const describeTypes = (types: readonly string[]) => types.map((t) => TYPE_NAMES[t] ?? t).join(', ');

/** POST /api/upload (SPEC.md section 7: fileKey, contentType; plus the kind and size). */
export const UploadRequestSchema = z.object({
  kind: z.enum(UPLOAD_KIND_NAMES),
  /** The file's own name, kept for display; the server chooses the storage key. */
  fileKey: z.string().trim().min(1).max(255),
  contentType: z.string().min(1).max(100),
  size: z.number().int().positive(),
});
export type UploadRequest = z.infer<typeof UploadRequestSchema>;

export const UploadTicketSchema = z.object({
  upload_id: z.string(),
  /** Where to PUT the file's bytes, with exactly these headers. */
  upload_url: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  key: z.string(),
  expires_at: z.string(),
});
export type UploadTicket = z.infer<typeof UploadTicketSchema>;

export const MediaFieldSchema = z.enum([
  'agent_headshots_urls',
  'other_photos_urls',
  'brokerage_logo_urls',
  'team_logo_urls',
  'videos_fsbo_urls',
  'videos_others_urls',
]);

/** PUT /api/portal/me/media/:field: a new order of the same files. */
export const MediaOrderSchema = z.object({ urls: z.array(z.string()).max(100) });

/** GET /api/portal/me/media: the name each of the agent's files was uploaded with, by its URL. */
export const MediaFilesSchema = z.object({
  files: z.array(z.object({ url: z.string(), name: z.string() })),
});
export type MediaFiles = z.infer<typeof MediaFilesSchema>;

/** Longest side of an image's thumbnail (`GET /api/files/:id?size=thumb`), in pixels. */
export const THUMB_IMAGE_SIZE = 640;
/** Longest side of an image's web version (`GET /api/files/:id`); the original is kept as it was. */
export const WEB_IMAGE_SIZE = 1600;

/** Types a browser may show in its own tab (inline): PDF and raster images, never HTML or SVG. */
export const INLINE_CONTENT_TYPES: readonly string[] = [...DOCUMENT_TYPES, ...IMAGE_TYPES];
