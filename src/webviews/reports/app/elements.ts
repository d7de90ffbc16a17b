/**
 * The vscode-elements components the panel uses, each imported by its own path: the library's
 * entry point would bring every component (about 50 KB gzipped). vscode-button brings
 * vscode-icon, which needs codicon.css linked with id "vscode-codicon-stylesheet".
 */
import '@vscode-elements/elements/dist/vscode-tabs/index.js';
import '@vscode-elements/elements/dist/vscode-tab-header/index.js';
import '@vscode-elements/elements/dist/vscode-tab-panel/index.js';
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-badge/index.js';
import '@vscode-elements/elements/dist/vscode-progress-bar/index.js';
