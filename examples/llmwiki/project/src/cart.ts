import { priceOf } from "./pricing";

export interface Line {
  sku: string;
  quantity: number;
}

export class Cart {
  private lines: Line[] = [];

  add(sku: string, quantity = 1): void {
    const line = this.lines.find((l) => l.sku === sku);
    if (line) {
      line.quantity += quantity;
    } else {
      this.lines.push({ sku, quantity });
    }
  }

  total(): number {
    return this.lines.reduce((sum, l) => sum + priceOf(l.sku) * l.quantity, 0);
  }
}
