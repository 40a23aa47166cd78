// What the app's choice controls offer: a label the agent reads and the value it stands for.
export interface Choice<T> {
  label: string;
  value: T;
  /** Shown but not pickable (a Select only). */
  disabled?: boolean;
}
