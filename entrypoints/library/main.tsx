import '@/assets/trove.css';
import '@/components/library/library.css';
import { mountExtensionPage } from '@/components/app/mount';
import { LibraryApp } from '@/components/library/LibraryApp';

mountExtensionPage(<LibraryApp />);
