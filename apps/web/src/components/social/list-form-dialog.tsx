import { LIMITS, LIST_MESSAGES } from '@storyloom/shared';
import { type FormEvent, useEffect, useId, useState } from 'react';
import type { ListFields } from '../../api/lists/change-lists';
import { ApiError, fieldErrors } from '../../lib/api';
import { Button } from '../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../ui/dialog';
import { FormField } from '../ui/form-field';
import { Input } from '../ui/input';
import { Switch } from '../ui/switch';
import { Textarea } from '../ui/textarea';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  submitLabel: string;
  initial?: Partial<ListFields>;
  pending: boolean;
  /** Resolves when saved; a rejection with field errors shows them under the fields. */
  onSubmit: (fields: ListFields) => Promise<unknown>;
};

/** Name, description and Public switch of a reading list: to make one or to change it. */
export function ListFormDialog({
  open,
  onOpenChange,
  title,
  submitLabel,
  initial,
  pending,
  onSubmit,
}: Props) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [isPublic, setPublic] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const switchId = useId();

  useEffect(() => {
    if (!open) return;
    setName(initial?.name ?? '');
    setDescription(initial?.description ?? '');
    setPublic((initial?.visibility ?? 'public') === 'public');
    setErrors({});
  }, [open, initial?.name, initial?.description, initial?.visibility]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return setErrors({ name: LIST_MESSAGES.nameRequired });
    try {
      await onSubmit({ name, description, visibility: isPublic ? 'public' : 'private' });
      onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiError) {
        const fields = fieldErrors(error.details);
        setErrors(Object.keys(fields).length > 0 ? fields : { name: error.message });
      }
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <DialogContent className="w-[min(32rem,92vw)] p-6" data-testid="list-form">
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription className="sr-only">
          The list’s name, a description, and whether others can see it.
        </DialogDescription>
        <form className="mt-4 space-y-4" onSubmit={(event) => void submit(event)} noValidate>
          <FormField label="Name" error={errors.name}>
            {(control) => (
              <Input
                {...control}
                value={name}
                maxLength={LIMITS.listNameMax}
                onChange={(event) => setName(event.target.value)}
                placeholder="Rainy day reads"
                autoFocus
              />
            )}
          </FormField>
          <FormField
            label="Description"
            labelNote="(optional)"
            error={errors.description}
            hint={`${description.length}/${LIMITS.listDescriptionMax}`}
          >
            {(control) => (
              <Textarea
                {...control}
                value={description}
                rows={3}
                maxLength={LIMITS.listDescriptionMax}
                onChange={(event) => setDescription(event.target.value)}
              />
            )}
          </FormField>
          <div className="flex items-start justify-between gap-4 rounded-xl border p-3">
            <label htmlFor={switchId} className="text-sm">
              <span className="font-medium">Public</span>
              <span className="block text-muted-foreground">
                {isPublic
                  ? 'Shown on your profile; anyone can open and follow it'
                  : 'Only you can see this list'}
              </span>
            </label>
            <Switch
              id={switchId}
              checked={isPublic}
              onCheckedChange={setPublic}
              data-testid="list-public-switch"
            />
          </div>
          <div className="flex justify-end gap-2">
            <Button
              type="button"
              variant="ghost"
              onClick={() => onOpenChange(false)}
              disabled={pending}
            >
              Cancel
            </Button>
            <Button type="submit" disabled={pending} data-testid="list-form-submit">
              {pending ? 'Saving…' : submitLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
