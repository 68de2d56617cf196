// Entry point: registers the app's custom elements.
import './app';
import { autoplayFromAddress } from './bench/autoplay';

autoplayFromAddress();
