// Entry point: registers the app's custom elements.
import './app';
