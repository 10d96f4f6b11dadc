/** The JSON body of one bench order: 1–3 lines of these products, cash pickup at the counter. */
export function orderBody(productIds: readonly string[]): string;
