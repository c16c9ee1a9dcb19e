import { lazy } from 'react';

// Each resource's screens load when first opened, so the first screen loads only the shell.
const screens = {
  users: () => import('./users/index.tsx'),
  categories: () => import('./categories/index.tsx'),
  products: () => import('./products/index.tsx'),
  media: () => import('./media/index.tsx'),
  project: () => import('./project/index.tsx'),
  leads: () => import('./leads/index.tsx'),
  testimonials: () => import('./testimonials/index.tsx'),
  clients: () => import('./clients/index.tsx'),
  suppliers: () => import('./suppliers/index.tsx'),
  settings: () => import('./settings/SettingsPage.tsx'),
  publishing: () => import('./publishing/PublishingPage.tsx'),
};

function screen<M extends keyof typeof screens>(module: M, name: string) {
  return lazy(async () => {
    const loaded = (await screens[module]()) as unknown as Record<string, React.ComponentType>;
    return { default: loaded[name]! };
  });
}

export const UserList = screen('users', 'UserList');
export const UserCreate = screen('users', 'UserCreate');
export const UserEdit = screen('users', 'UserEdit');
export const CategoryList = screen('categories', 'CategoryList');
export const CategoryCreate = screen('categories', 'CategoryCreate');
export const CategoryEdit = screen('categories', 'CategoryEdit');
export const ProductList = screen('products', 'ProductList');
export const ProductCreate = screen('products', 'ProductCreate');
export const ProductEdit = screen('products', 'ProductEdit');
export const MediaList = screen('media', 'MediaList');
export const MediaCreate = screen('media', 'MediaCreate');
export const MediaEdit = screen('media', 'MediaEdit');
export const ProjectList = screen('project', 'ProjectList');
export const ProjectCreate = screen('project', 'ProjectCreate');
export const ProjectEdit = screen('project', 'ProjectEdit');
export const LeadList = screen('leads', 'LeadList');
export const LeadShow = screen('leads', 'LeadShow');
export const TestimonialList = screen('testimonials', 'TestimonialList');
export const TestimonialCreate = screen('testimonials', 'TestimonialCreate');
export const TestimonialEdit = screen('testimonials', 'TestimonialEdit');
export const ClientList = screen('clients', 'ClientList');
export const ClientCreate = screen('clients', 'ClientCreate');
export const ClientEdit = screen('clients', 'ClientEdit');
export const SupplierList = screen('suppliers', 'SupplierList');
export const SupplierEdit = screen('suppliers', 'SupplierEdit');
export const SettingsPage = screen('settings', 'SettingsPage');
export const PublishingPage = screen('publishing', 'PublishingPage');
