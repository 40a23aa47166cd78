// Renderer components imported by tests (vitest compiles them with @vitejs/plugin-vue).
declare module '*.vue' {
  import type { DefineComponent } from 'vue';
  const component: DefineComponent<object, object, unknown>;
  export default component;
}
