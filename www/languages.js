// The site's languages, each named in its own script for the switch. Adding one is
// a line here and its catalogues, locales/<code>/ (docs/GUIDE.md says how).
// `machine`: the translation was written by a language model, and its pages say so.
export const languages = [
  { code: 'en', name: 'English' },
  { code: 'ko', name: '한국어', machine: true },
  { code: 'ja', name: '日本語', machine: true },
];

export const SOURCE = 'en';
