import { LocalizedInputs } from '../common/LocalizedInputs.tsx';
import { ResourceForm } from '../screens/ResourceForm.tsx';

export function TestimonialForm() {
  return (
    <ResourceForm>
      <LocalizedInputs prefix="name" required />
      {/* Required, unlike the old system's form (spec section 5): a testimonial without its
          words would show the site an empty quote; the API asks for it too. */}
      <LocalizedInputs prefix="message" multiline required />
    </ResourceForm>
  );
}
