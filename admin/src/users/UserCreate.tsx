import { CreatePage } from '../common/FormPages.tsx';
import { UserForm } from './UserForm.tsx';

export const UserCreate = () => (
  <CreatePage>
    <UserForm creating />
  </CreatePage>
);
