import { UPLOAD_KINDS, type UploadKind, VIDEO_TYPES } from '@portal/shared';

/** How the pages speak of each kind of file: "Delete this photo?", "No headshots yet". */
export const MEDIA_WORDS: Record<UploadKind, { noun: string; plural: string }> = {
  headshot: { noun: 'photo', plural: 'headshots' },
  additional_photo: { noun: 'photo', plural: 'additional photos' },
  brokerage_logo: { noun: 'logo', plural: 'brokerage logos' },
  team_logo: { noun: 'logo', plural: 'team logos' },
  cover_image: { noun: 'photo', plural: 'cover images' },
  profile_image: { noun: 'photo', plural: 'profile images' },
  coffee_image: { noun: 'photo', plural: 'coffee images' },
  eo_certificate: { noun: 'certificate', plural: 'certificates' },
  fsbo_video: { noun: 'video', plural: 'FSBO videos' },
  other_video: { noun: 'video', plural: 'other videos' },
};

/** Kinds kept as an ordered list on the record (the others hold a single file). */
export type ListKind = {
  [K in UploadKind]: (typeof UPLOAD_KINDS)[K]['multiple'] extends true ? K : never;
}[UploadKind];

/** Kinds that hold a single image (profile photos). */
export type SingleImageKind = 'cover_image' | 'profile_image' | 'coffee_image';

export const isVideoKind = (kind: UploadKind) =>
  UPLOAD_KINDS[kind].contentTypes.every((type) => (VIDEO_TYPES as readonly string[]).includes(type));

export const isLogoKind = (kind: UploadKind) => kind === 'brokerage_logo' || kind === 'team_logo';
