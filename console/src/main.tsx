import './zod-config';
import { render } from 'preact';
import { App } from './app';
import './styles.css';
import { applyTheme, initialTheme } from './theme';

applyTheme(initialTheme());
render(<App />, document.getElementById('app')!);
