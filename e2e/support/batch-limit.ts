import { expect, type Locator, type Page } from '@playwright/test';

/**
 * On /shop with the chicken's batch down to its last 3 jars: its card says "Only 3 left", takes the
 * 3 and no fourth, and says why. Gives the card.
 */
export async function addTheLastThreeChickenJars(page: Page): Promise<Locator> {
  const card = page.getByTestId('product-1');
  await expect(card.getByText('Only 3 left')).toBeVisible();
  const add = card.getByRole('button', { name: 'Add to Cart: Royal Chicken Pickle' });
  for (let jar = 0; jar < 3; jar += 1) await add.click();
  await expect(add).toBeDisabled();
  await expect(card.getByText('Only 3 jars of Royal Chicken Pickle are left in this batch')).toBeVisible();
  return card;
}
