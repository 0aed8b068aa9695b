import { v7 } from 'uuid';

/** A new time-ordered id (UUID v7): index-friendly and sortable by creation. */
export const newId = (): string => v7();

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);
