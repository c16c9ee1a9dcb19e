import { createContext, useContext } from 'react';

/**
 * Whether the record on screen is only to be read: its edit screen opened by a role that may
 * read the resource but not change it (sales and the catalogue). The form is shown
 * disabled, without Save or Delete.
 */
export const ReadOnlyContext = createContext(false);

export const useReadOnly = () => useContext(ReadOnlyContext);
