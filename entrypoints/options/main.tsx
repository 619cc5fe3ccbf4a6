import '@/assets/trove.css';
import { mountExtensionPage } from '@/components/app/mount';
import { OptionsApp } from '@/components/options/OptionsApp';

mountExtensionPage(<OptionsApp />);
