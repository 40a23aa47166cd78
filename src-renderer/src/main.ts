import 'primeicons/primeicons.css';
import { createPinia } from 'pinia';
import PrimeVue from 'primevue/config';
import ConfirmationService from 'primevue/confirmationservice';
import ToastService from 'primevue/toastservice';
import { createApp } from 'vue';
import { launchToken } from './api/launch-token';
import App from './App.vue';
import { i18n } from './i18n';
import { createAppRouter } from './router';
import { CaseDeskTheme } from './theme';
import './styles.css';

// The browser host's token leaves the address bar before the router reads it (Electron has none).
if (!window.casedesk) launchToken();

const app = createApp(App);
app.use(createPinia());
app.use(createAppRouter());
app.use(i18n);
// A select's open list has focus sentinels PrimeVue marks aria-hidden although they take the focus
// (they pass it on to the list): hidden from screen readers but reachable is what WCAG forbids.
const focusSentinels = { hiddenFirstFocusableEl: { 'aria-hidden': undefined }, hiddenLastFocusableEl: { 'aria-hidden': undefined } };
app.use(PrimeVue, {
  theme: { preset: CaseDeskTheme, options: { darkModeSelector: '.casedesk-dark' } },
  pt: { select: focusSentinels, multiselect: focusSentinels },
});
app.use(ToastService);
app.use(ConfirmationService);
app.mount('#app');
