import { useQuery } from '@tanstack/react-query';
import { mySettingsQueryOptions } from '../../../api/me/get-my-settings';

/**
 * The author's default story visibility, from their settings. Until they arrive, or when they
 * fail to load, the form keeps its own default: public.
 */
export const useDefaultVisibility = () =>
  useQuery({
    ...mySettingsQueryOptions(),
    select: (settings) => settings.defaultStoryVisibility,
  });
