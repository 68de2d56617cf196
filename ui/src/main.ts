// Entry point: registers the app's custom elements, and the service worker where one is allowed.
import './app';
import { autoplayFromAddress } from './bench/autoplay';
import { registerServiceWorker } from './offline';

autoplayFromAddress();
registerServiceWorker();
