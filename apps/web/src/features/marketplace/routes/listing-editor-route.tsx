import { ListingForm } from '../../listings';
import { EditorLayout, EditorPage } from '../components/editor-page';

/** /marketplace/new */
export function CreateListingRoute() {
  return (
    <EditorPage
      title="Create New Listing"
      description="Describe your gear, add photos and say where it can be collected. Buyers near you will find it in the Marketplace."
    >
      <EditorLayout>
        <ListingForm mode="create" />
      </EditorLayout>
    </EditorPage>
  );
}
