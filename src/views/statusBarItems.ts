/**
 * Where the extension's status bar items are made: on the right, named, with their command.
 * Under tests the test adapter makes them instead, to see what they show.
 */
import * as vscode from 'vscode';

export interface StatusBarItemSpec {
  id: string;
  /** Higher is further left. */
  priority: number;
  name: string;
  command: string;
}

export type MakeStatusBarItem = (spec: StatusBarItemSpec) => vscode.StatusBarItem;

export const makeStatusBarItem: MakeStatusBarItem = ({ id, priority, name, command }) => {
  const item = vscode.window.createStatusBarItem(id, vscode.StatusBarAlignment.Right, priority);
  item.name = name;
  item.command = command;
  return item;
};
