/** Greeting by time of day (SPEC §9 bands): <5 late night, <9 morning, <12 forenoon, <14 noon, <18 afternoon, <24 evening. */
export type GreetingKey = 'lateNight' | 'morning' | 'forenoon' | 'noon' | 'afternoon' | 'evening';

export function greetingKey(hour: number): GreetingKey {
  if (hour < 5) return 'lateNight';
  if (hour < 9) return 'morning';
  if (hour < 12) return 'forenoon';
  if (hour < 14) return 'noon';
  if (hour < 18) return 'afternoon';
  return 'evening';
}

export function greeting(t: (key: string) => string, now: Date = new Date()): string {
  return t(`general:greeting.${greetingKey(now.getHours())}`);
}
