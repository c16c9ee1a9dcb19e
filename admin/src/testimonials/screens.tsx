import { BooleanInput, SimpleForm } from 'react-admin';
import { LocalizedField, RowNumber, TruncatedText } from '../common/fields.tsx';
import { LocalizedInputs } from '../common/LocalizedInputs.tsx';
import { CreatePage, EditPage, FormToolbar, ListPage, RowActions } from '../common/pages.tsx';
import { StatusSwitch } from '../common/StatusSwitch.tsx';

export function TestimonialList() {
  return (
    <ListPage>
      <RowNumber label="conveyor.list.number" />
      <LocalizedField source="name_uz" label="resources.testimonials.fields.name" />
      <TruncatedText
        sortable={false}
        source="message_uz"
        label="resources.testimonials.fields.message"
      />
      <StatusSwitch label="conveyor.list.status" />
      <RowActions label="conveyor.list.actions" />
    </ListPage>
  );
}

function TestimonialForm() {
  return (
    <SimpleForm toolbar={<FormToolbar />} defaultValues={{ is_active: true }}>
      <LocalizedInputs prefix="name" required />
      {/* Required, unlike the old system's form (spec section 5): a testimonial without its
          words would show the site an empty quote; the API asks for it too. */}
      <LocalizedInputs prefix="message" multiline required />
      <BooleanInput source="is_active" />
    </SimpleForm>
  );
}

export const TestimonialCreate = () => (
  <CreatePage>
    <TestimonialForm />
  </CreatePage>
);
export const TestimonialEdit = () => (
  <EditPage>
    <TestimonialForm />
  </EditPage>
);
