import type { Chapter, CreateChapterBody } from '@storyloom/shared';
import { post } from '../../lib/api';

/** `POST /chapters`: a new chapter at the end of its story; answers the chapter. */
export const createChapter = (body: CreateChapterBody) => post<Chapter>('/chapters', body);
