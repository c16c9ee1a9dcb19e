import { UserForm } from './UserForm.tsx';
import { CreatePage } from '../screens/FormPages.tsx';

export const UserCreate = () => (
  <CreatePage>
    <UserForm creating />
  </CreatePage>
);
