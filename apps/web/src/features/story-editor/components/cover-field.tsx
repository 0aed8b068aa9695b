import { LIMITS } from '@storyloom/shared';
import { FileUpload } from '../../../components/ui/file-upload';

const MAX_MB = LIMITS.uploadMaxBytes / 1024 / 1024;

type CoverFieldProps = {
  previewUrl: string | null;
  onSelect: (file: File) => void;
  onRemove?: () => void;
  disabled?: boolean;
};

/** The cover picker: images up to 5MB, shown at the 2:3 shape the pages use. */
export function CoverField({ previewUrl, onSelect, onRemove, disabled }: CoverFieldProps) {
  return (
    <FileUpload
      label="Cover image"
      accept="image/*"
      maxSizeMb={MAX_MB}
      previewUrl={previewUrl}
      previewAlt="Cover preview"
      frameClassName="aspect-[2/3] w-40 sm:w-44"
      hint={`JPEG, PNG, WebP, GIF or AVIF up to ${MAX_MB}MB. It is cropped to 2:3 (600×900).`}
      onSelect={onSelect}
      onRemove={onRemove}
      {...(disabled === undefined ? {} : { disabled })}
    />
  );
}
