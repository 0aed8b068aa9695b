/** The upload widget's checks, kept free of React for tests. */
const MB = 1024 * 1024;

/** The upload widget's messages. */
export const fileTooLargeMessage = (maxSizeMb: number) =>
  `File size must be less than ${maxSizeMb}MB`;
export const FILE_TYPE_NOT_SUPPORTED = 'File type not supported';

/** Whether `file` matches an `accept` list: MIME types, `type/*` wildcards or `.ext` endings. */
export function matchesAccept(file: Pick<File, 'name' | 'type'>, accept: string): boolean {
  const rules = accept
    .split(',')
    .map((rule) => rule.trim().toLowerCase())
    .filter(Boolean);
  if (rules.length === 0 || rules.includes('*') || rules.includes('*/*')) return true;
  const type = file.type.toLowerCase();
  const name = file.name.toLowerCase();
  return rules.some((rule) => {
    if (rule.startsWith('.')) return name.endsWith(rule);
    if (rule.endsWith('/*')) return type.startsWith(rule.slice(0, -1));
    return type === rule;
  });
}

/** The first reason `file` cannot be used, or null. Size is checked first. */
export function validateFile(
  file: Pick<File, 'name' | 'type' | 'size'>,
  { accept = 'image/*', maxSizeMb = 5 }: { accept?: string; maxSizeMb?: number } = {},
): string | null {
  if (file.size > maxSizeMb * MB) return fileTooLargeMessage(maxSizeMb);
  if (!matchesAccept(file, accept)) return FILE_TYPE_NOT_SUPPORTED;
  return null;
}

export const IMAGE_UNREADABLE =
  'This file is not a picture we can read. Choose a JPEG, PNG, WebP, GIF or AVIF image.';

/**
 * Whether the browser can decode `file` as a picture: its name and type are the sender's to
 * choose (a text file renamed .png says image/png), so the bytes decide, at once, not at Save.
 */
export async function isReadableImage(file: Blob): Promise<boolean> {
  try {
    const bitmap = await createImageBitmap(file);
    bitmap.close();
    return true;
  } catch {
    return false;
  }
}
