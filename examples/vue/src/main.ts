import { createApp } from 'vue';
// Defines <invoice-pay> (the package's React-free entry: its pay form is a lazy chunk with React
// inside, bundled with this app; nothing else to install).
import 'invoice-pay/element';
import App from './App.vue';

createApp(App).mount('#app');
