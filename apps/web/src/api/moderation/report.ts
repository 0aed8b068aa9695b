import type { CreateReportBody, ReportReceipt } from '@storyloom/shared';
import { useMutation } from '@tanstack/react-query';
import { post } from '../../lib/api';

/** `POST /reports`: a story, chapter, comment or user, with a reason and an optional note. */
export const sendReport = (body: CreateReportBody) => post<ReportReceipt>('/reports', body);

export const useSendReport = () => useMutation({ mutationFn: sendReport });
