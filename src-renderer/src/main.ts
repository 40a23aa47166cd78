import Aura from '@primeuix/themes/aura';
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
import './styles.css';

// The browser host's token leaves the address bar before the router reads it (Electron has none).
if (!window.casedesk) launchToken();

const app = createApp(App);
app.use(createPinia());
app.use(createAppRouter());
app.use(i18n);
app.use(PrimeVue, { theme: { preset: Aura, options: { darkModeSelector: '.casedesk-dark' } } });
app.use(ToastService);
app.use(ConfirmationService);
app.mount('#app');
