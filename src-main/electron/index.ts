// The main process's entry: the shell (main.ts) with Electron's own API and this process.
import { app, BrowserWindow, dialog, ipcMain, Menu, net, protocol, shell } from 'electron';
import { startMain } from './main';

startMain({ app, BrowserWindow, dialog, ipcMain, Menu, net, protocol, shell }, process);
