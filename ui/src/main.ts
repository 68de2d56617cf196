// Entry point: registers the app's custom elements, and the service worker where one is allowed.
import './app';
import { autoplayFromAddress } from './bench/autoplay';
import { registerServiceWorker } from './offline';

// Start-up's timeline (ui/bench/startup.mjs): every module of the UI has run.
performance.mark('warwick:script');
autoplayFromAddress();
registerServiceWorker();
