import { Button } from '../../../../components/ui/button';
import { Dialog, DialogContent } from '../../../../components/ui/dialog';

interface LeaveDialogProps {
  open: boolean;
  onStay: () => void;
  onLeave: () => void;
}

/** "Leave without saving?": loaded the first time a member tries to leave a form with changes. */
export function LeaveDialog({ open, onStay, onLeave }: LeaveDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onStay();
      }}
    >
      <DialogContent
        title="Leave without saving?"
        description="Your changes to this listing have not been saved. If you leave now, they will be lost."
      >
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onStay}>
            Keep editing
          </Button>
          <Button variant="danger" onClick={onLeave}>
            Leave
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
