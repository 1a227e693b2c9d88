import { useState } from 'react';
import { Button, Dialog } from '@pl/ui';
import { ActionButton, runAction } from '../../../shared/components/action-button.js';
import { usePublishListing } from '../api/publish-listing.js';

interface Props {
  productId: string;
  title: string;
  /** Published: the notice is gone, focus moves on. */
  onPublished: () => void;
}

/**
 * A draft (a listing from a manifest) is not shown to shoppers until an admin publishes it
 * (decision 055). Publishing is confirmed first: it cannot be undone here, and shoppers can buy the
 * listing from that moment.
 */
export function DraftNotice({ productId, title, onPublished }: Props) {
  const [open, setOpen] = useState(false);
  const publish = usePublishListing(productId);
  return (
    <section className="adm-pos-notice adm-draft-notice" aria-labelledby="adm-draft-notice-title" data-draft>
      <h2 id="adm-draft-notice-title" className="adm-pos-notice__title">
        Draft — not shown to shoppers
      </h2>
      <p className="adm-pos-notice__text">This listing came from a manifest. Inspect and photograph it, then publish it to put it on sale.</p>
      <Button variant="outline" className="adm-pos-notice__button" onClick={() => setOpen(true)} data-action="publish">
        Publish…
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={`Publish ${title}?`}
        description="Shoppers will see it in the shop, in search and in its category from now on, and can buy it. A published listing does not go back to being a draft."
      >
        <div className="adm-dialog__buttons">
          <Button variant="outline" onClick={() => setOpen(false)}>
            Not yet
          </Button>
          <ActionButton
            variant="default"
            pending={publish.isPending}
            onClick={() =>
              void runAction(
                () => publish.mutateAsync(),
                () => {
                  setOpen(false);
                  onPublished();
                },
              )
            }
          >
            Publish now
          </ActionButton>
        </div>
      </Dialog>
    </section>
  );
}
