/**
 * The extra keys an Arabic counted string carries: Arabic counts have six forms (Intl plural
 * rules: 0, 1, 2, 3–10, 11–99, the rest) and i18next picks `key_form` by the `count` option,
 * falling back to the plain key.
 */
export type ArabicPlurals<K extends string> = Record<`${K}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}`, string>;
