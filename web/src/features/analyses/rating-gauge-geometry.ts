/**
 * Where the gauge's needle points for a rating score from −1 (strong sell, far left) to 1 (strong buy,
 * far right) on a half circle of radius `r` centred at (cx, cy); scores outside are held at the ends.
 */
export function placeGaugeNeedle(score: number, r: number, cx: number, cy: number): { x: number; y: number } {
  const s = Math.max(-1, Math.min(1, score));
  const angle = Math.PI * (1 - (s + 1) / 2);
  return { x: cx + r * Math.cos(angle), y: cy - r * Math.sin(angle) };
}
