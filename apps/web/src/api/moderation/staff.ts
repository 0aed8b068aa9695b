import type {
  AuditEntry,
  ContactMessageItem,
  Paged,
  ReportGroup,
  ReportStatus,
  ResolveReportBody,
  ResolveResult,
  StaffMember,
  StaffRoleBody,
} from '@storyloom/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post, put } from '../../lib/api';
import { moderationKeys } from './keys';

const PAGE = 20;

/** `GET /admin/reports`: reports grouped by target, oldest first (staff only). */
export const useReportQueue = (status: ReportStatus, page: number) =>
  useQuery({
    queryKey: moderationKeys.reports(status, page),
    queryFn: () =>
      get<Paged<ReportGroup>>('/admin/reports', { query: { status, page, limit: PAGE } }),
    placeholderData: keepPreviousData,
  });

/** `GET /admin/audit` (admins only). */
export const useAuditLog = (page: number, enabled: boolean) =>
  useQuery({
    queryKey: moderationKeys.audit(page),
    queryFn: () => get<Paged<AuditEntry>>('/admin/audit', { query: { page, limit: PAGE } }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** `GET /admin/contact`: the contact form's messages (staff only). */
export const useContactMessages = (page: number) =>
  useQuery({
    queryKey: moderationKeys.contact(page),
    queryFn: () =>
      get<Paged<ContactMessageItem>>('/admin/contact', { query: { page, limit: PAGE } }),
    placeholderData: keepPreviousData,
  });

/** `GET /admin/staff` (admins only). */
export const useStaffMembers = (enabled: boolean) =>
  useQuery({
    queryKey: moderationKeys.staff,
    queryFn: () => get<{ items: StaffMember[] }>('/admin/staff'),
    enabled,
  });

/** `POST /admin/reports/{id}/resolve`; every staff list is fetched again after. */
export const useResolveReport = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ResolveReportBody }) =>
      post<ResolveResult>(`/admin/reports/${encodeURIComponent(id)}/resolve`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all }),
  });
};

/** `PUT /admin/users/{username}/role` (admins only). */
export const useSetRole = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ username, body }: { username: string; body: StaffRoleBody }) =>
      put<StaffMember>(`/admin/users/${encodeURIComponent(username)}/role`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all }),
  });
};
