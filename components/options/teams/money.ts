const cents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
const small = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumSignificantDigits: 2 });

/**
 * US dollars as the Teams section shows them: to the cent ("$0.00", "$1,250.50"), and only an amount under a cent
 * with the two digits that say how much ("$0.0006"), so a first answer's cost does not read as nothing.
 */
export const formatUsd = (value: number) => (value > 0 && value < 0.01 ? small : cents).format(value);
