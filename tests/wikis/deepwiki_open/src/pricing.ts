const PRICES: Record<string, number> = {
  apple: 30,
  pear: 45,
};

export function priceOf(sku: string): number {
  const price = PRICES[sku];
  if (price === undefined) {
    throw new Error(`unknown sku ${sku}`);
  }
  return price;
}
